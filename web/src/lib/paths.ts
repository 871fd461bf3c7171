// Every path of the SPA in one place: the route manifest (app/route-manifest.tsx) and the features'
// links both read these.
import type { NotificationFilter, WithdrawalStatus } from '#shared/api.ts';
export const PATHS = {
  root: '/',
  home: '/home',
  events: '/events',
  leaderboard: '/leaderboard',
  terms: '/terms-conditions',
  privacy: '/privacy',
  contact: '/contact',
  profile: '/profile/:userId',
  editProfile: '/edit-profile',
  wallet: '/wallet',
  withdraw: '/withdraw',
  notification: '/notification',
  createBet: '/create-bet',
  confirmBetting: '/confirm-betting',
  auth: '/auth',
  login: '/auth/login',
  registration: '/auth/registration',
  verify: '/auth/verify',
  resetPassword: '/auth/reset-password',
  operator: '/operator',
  operatorTournaments: '/operator/tournaments',
  operatorTeams: '/operator/teams',
  operatorEvents: '/operator/events',
  operatorFixtures: '/operator/fixtures',
  operatorSetup: '/operator/setup',
  operatorUsers: '/operator/users',
  operatorPerson: '/operator/users/:userId',
  operatorWithdrawals: '/operator/withdrawals',
  join: '/join/:inviteCode',
  group: '/groups/:groupId',
  /** A tournament's winner pool ('Who lifts the cup?'): ?tournamentId=, and ?team= to open that team's stake form. */
  pool: '/pool',
  /** A referee's scorer link: its secret follows the # (scoring/scorer-secret.ts). */
  score: '/score',
  /** Not a route: any unknown path lands on the catch-all (404) page; redirects "to the catch-all" use it. */
  notFound: '/not-found',
} as const;

/** Query parameter of the login page holding where to go after logging in. */
export const REDIRECT_PARAM = 'redirect';

export const profilePath = (userId: string) => `/profile/${encodeURIComponent(userId)}`;

export const loginPath = (redirectUrl?: string) =>
  redirectUrl ? `${PATHS.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectUrl })}` : PATHS.login;

export const verifyEmailPath = (email: string) => `${PATHS.verify}?${new URLSearchParams({ id: email })}`;

/** Paths under /auth/ show no header. */
export const isAuthPath = (pathname: string) => pathname.startsWith(`${PATHS.auth}/`);

/** A tournament's page; its view ('table', 'bracket') when not its matches. */
export const eventsPath = (tournamentId: string, view?: TournamentView) =>
  `${PATHS.events}?${new URLSearchParams(view && view !== 'matches' ? { tournamentId, view } : { tournamentId })}`;

/** What a tournament's page shows: its matches, its points tables or its bracket. */
export const TOURNAMENT_VIEWS = ['matches', 'table', 'bracket'] as const;
export type TournamentView = (typeof TOURNAMENT_VIEWS)[number];

/** The create-bet query of the spec: mode, teamId, eventId and the team's name for the heading. */
export interface CreateBetQuery {
  mode: 'coin' | 'cash';
  teamId: string;
  eventId: string;
  team: string;
}

export const createBetPath = ({ mode, teamId, eventId, team }: CreateBetQuery) =>
  `${PATHS.createBet}?${new URLSearchParams({ mode, teamId, eventId, team })}`;

export const confirmBettingPath = (betId: string) => `${PATHS.confirmBetting}?${new URLSearchParams({ id: betId })}`;

export const LEADERBOARD_BOARDS = ['teams', 'bettors'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];
/** The leaderboard page's tabs: the two public boards, and the caller's groups. */
export const LEADERBOARD_TABS = [...LEADERBOARD_BOARDS, 'groups'] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

export const notificationPath = (filter: NotificationFilter) => `${PATHS.notification}?${new URLSearchParams({ filter })}`;

/** The console's Teams screen, for one tournament when given. */
export const operatorTeamsPath = (tournamentId?: string) =>
  tournamentId ? `${PATHS.operatorTeams}?${new URLSearchParams({ tournamentId })}` : PATHS.operatorTeams;

/** The operator's events screen, for one tournament when given. */
export const operatorEventsPath = (tournamentId?: string) =>
  tournamentId ? `${PATHS.operatorEvents}?${new URLSearchParams({ tournamentId })}` : PATHS.operatorEvents;

/** The console's Fixtures screen (format, calendar, preview, publish), for one tournament when given. */
export const operatorFixturesPath = (tournamentId?: string) =>
  tournamentId ? `${PATHS.operatorFixtures}?${new URLSearchParams({ tournamentId })}` : PATHS.operatorFixtures;

/** The guided setup of a new tournament, at a step (1-5) of the tournament it has created. */
export const operatorSetupPath = (tournamentId?: string | null, step?: number) =>
  tournamentId ? `${PATHS.operatorSetup}?${new URLSearchParams({ tournamentId, step: String(step ?? 2) })}` : PATHS.operatorSetup;

/** The console's Users screen, with a search's results when given (Back from a person's page returns to them). */
export const operatorUsersPath = (query?: string) => (query ? `${PATHS.operatorUsers}?${new URLSearchParams({ query })}` : PATHS.operatorUsers);
/** A person's page in the console: their profile, wallet, coin history, bets, prizes and withdrawals. */
export const operatorPersonPath = (userId: string) => `/operator/users/${encodeURIComponent(userId)}`;

export const operatorWithdrawalsPath = (status: WithdrawalStatus) => `${PATHS.operatorWithdrawals}?${new URLSearchParams({ status })}`;

export const leaderboardPath = (board: LeaderboardTab) => `${PATHS.leaderboard}?${new URLSearchParams({ boardFor: board })}`;

export const groupPath = (groupId: string) => `/groups/${encodeURIComponent(groupId)}`;
export const joinPath = (inviteCode: string) => `/join/${encodeURIComponent(inviteCode)}`;
/** The invite link to share: absolute, so it works pasted into a chat. */
export const inviteLink = (inviteCode: string, origin: string) => `${origin}${joinPath(inviteCode)}`;
