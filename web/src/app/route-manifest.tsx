// The SPA's route manifest: every route with its guard (spec §2). The router renders exactly this list.
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { DEFAULT_TAB_NAME, HOME_TAB_NAME } from '#shared/constants.ts';
import { prefetchEventList } from '../lib/game/get-event-list.ts';
import { prefetchTournamentList } from '../lib/game/get-tournament-list.ts';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';
import { PATHS } from '../lib/paths.ts';
import type { RouteAccess } from './guard.ts';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** The screen's name in the header and the browser tab (spec: 'Fun app' where none is set). */
  title?: string;
  /** Either a page component or a redirect target. */
  page?: ComponentType | LazyPage;
  /**
   * Asks for the page's first data when the app opens on it: at once, while the page's code downloads
   * (app/router.tsx, preloadPageOf), and not after it. Its answers go into SWR's cache (lib/prefetch.ts).
   */
  firstData?: (search: URLSearchParams) => void;
  redirectTo?: string;
}

const HomePage = lazyPage(() => import('../features/tournaments/home-page.tsx'));
const EventsPage = lazyPage(() => import('../features/tournaments/events-page.tsx'));
const LeaderboardPage = lazyPage(() => import('../features/leaderboard/leaderboard-page.tsx'));
const TermsPage = lazyPage(() => import('../features/static-pages/terms-page.tsx'));
const PrivacyPage = lazyPage(() => import('../features/static-pages/privacy-page.tsx'));
const ContactPage = lazyPage(() => import('../features/static-pages/contact-page.tsx'));
/** Also shown in place of operator screens to anyone who is not an operator. */
export const NotFoundPage = lazyPage(() => import('../features/static-pages/not-found-page.tsx'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'));
const EditProfilePage = lazyPage(() => import('../features/profile/edit-profile-page.tsx'));
const WalletPage = lazyPage(() => import('../features/wallet/wallet-page.tsx'));
const WithdrawPage = lazyPage(() => import('../features/wallet/withdraw-page.tsx'));
const NotificationPage = lazyPage(() => import('../features/notifications/notification-page.tsx'));
const CreateBetPage = lazyPage(() => import('../features/betting/create-bet-page.tsx'));
const ConfirmBettingPage = lazyPage(() => import('../features/betting/confirm-betting-page.tsx'));
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'));
const RegistrationPage = lazyPage(() => import('../features/auth/registration-page.tsx'));
const VerifyPage = lazyPage(() => import('../features/auth/verify-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx'));
const OperatorTournamentsPage = lazyPage(() => import('../features/operator/tournaments/tournaments-page.tsx'));
const OperatorTeamsPage = lazyPage(() => import('../features/operator/teams/teams-page.tsx'));
const OperatorEventsPage = lazyPage(() => import('../features/operator/matches/events-page.tsx'));
const OperatorFixturesPage = lazyPage(() => import('../features/operator/fixtures/format-page.tsx'));
const OperatorSetupPage = lazyPage(() => import('../features/operator/setup/setup-page.tsx'));
const OperatorUsersPage = lazyPage(() => import('../features/operator/people/users-page.tsx'));
const OperatorPersonPage = lazyPage(() => import('../features/operator/people/person-page.tsx'));
const OperatorWithdrawalsPage = lazyPage(() => import('../features/operator/money/withdrawals-page.tsx'));
const GroupPage = lazyPage(() => import('../features/groups/group-page.tsx'));
const PoolPage = lazyPage(() => import('../features/pool/pool-page.tsx'));
// Public: a signed-out visitor is offered to sign up or log in, and keeps the invite meanwhile.
const JoinPage = lazyPage(() => import('../features/groups/join-page.tsx'));
// Public, no account: a scorer link's secret is its only key (the page's prefetch takes it off the
// address bar as soon as its chunk is in, while the session is still being checked).
const ScorePage = lazyPage(() => import('../features/scoring/score-page.tsx'));

/** Home and a tournament's matches name the tournaments; the matches page also lists the chosen one's events. */
const tournamentsFirst = () => prefetchTournamentList();
const matchesFirst = (search: URLSearchParams) => {
  prefetchEventList(search.get('tournamentId'));
  prefetchTournamentList();
};

export const appRoutes: readonly AppRoute[] = [
  { path: PATHS.root, access: 'public', page: HomePage, title: HOME_TAB_NAME, firstData: tournamentsFirst },
  { path: PATHS.home, access: 'public', page: HomePage, title: HOME_TAB_NAME, firstData: tournamentsFirst },
  { path: PATHS.events, access: 'public', page: EventsPage, title: 'Matches', firstData: matchesFirst },
  { path: PATHS.leaderboard, access: 'public', page: LeaderboardPage, title: 'Leaderboard' },
  { path: PATHS.terms, access: 'public', page: TermsPage, title: 'Terms' },
  { path: PATHS.privacy, access: 'public', page: PrivacyPage, title: 'Privacy' },
  { path: PATHS.contact, access: 'public', page: ContactPage, title: 'Contact' },
  { path: PATHS.profile, access: 'login-required', page: ProfilePage, title: 'Profile' },
  { path: PATHS.editProfile, access: 'login-required', page: EditProfilePage, title: 'Edit profile' },
  { path: PATHS.wallet, access: 'login-required', page: WalletPage, title: 'Wallet' },
  { path: PATHS.withdraw, access: 'login-required', page: WithdrawPage, title: 'Withdraw' },
  { path: PATHS.notification, access: 'login-required', page: NotificationPage, title: 'Notifications' },
  { path: PATHS.createBet, access: 'login-required', page: CreateBetPage, title: 'Place a bet' },
  { path: PATHS.confirmBetting, access: 'login-required', page: ConfirmBettingPage, title: 'Bet placed' },
  { path: PATHS.auth, access: 'anonymous-only', redirectTo: PATHS.login },
  { path: PATHS.login, access: 'anonymous-only', page: LoginPage, title: 'Log in' },
  { path: PATHS.registration, access: 'anonymous-only', page: RegistrationPage, title: 'Create account' },
  { path: PATHS.verify, access: 'anonymous-only', page: VerifyPage, title: 'Verify email' },
  { path: PATHS.resetPassword, access: 'anonymous-only', page: ResetPasswordPage, title: 'Reset password' },
  { path: PATHS.operator, access: 'console', redirectTo: PATHS.operatorTournaments },
  { path: PATHS.operatorTournaments, access: 'console', page: OperatorTournamentsPage, title: 'Operator' },
  { path: PATHS.operatorTeams, access: 'console', page: OperatorTeamsPage, title: 'Operator' },
  { path: PATHS.operatorEvents, access: 'console', page: OperatorEventsPage, title: 'Operator' },
  { path: PATHS.operatorFixtures, access: 'console', page: OperatorFixturesPage, title: 'Operator' },
  { path: PATHS.operatorSetup, access: 'console', page: OperatorSetupPage, title: 'Operator' },
  { path: PATHS.operatorUsers, access: 'operator-only', page: OperatorUsersPage, title: 'Operator' },
  { path: PATHS.operatorPerson, access: 'operator-only', page: OperatorPersonPage, title: 'Operator' },
  { path: PATHS.operatorWithdrawals, access: 'operator-only', page: OperatorWithdrawalsPage, title: 'Operator' },
  { path: PATHS.join, access: 'public', page: JoinPage, title: 'Join a group' },
  { path: PATHS.group, access: 'login-required', page: GroupPage, title: 'Group' },
  // Public: a visitor sees the odds, and is asked to sign in to stake.
  { path: PATHS.pool, access: 'public', page: PoolPage, title: 'Cup pool' },
  { path: PATHS.score, access: 'public', page: ScorePage, title: 'Scorer' },
  { path: '*', access: 'public', page: NotFoundPage, title: 'Page not found' },
];

/** The name of the screen at `pathname`: its route's title, else the spec's default. */
export function screenTitle(pathname: string): string {
  return matchRoutes([...appRoutes], pathname)?.at(-1)?.route.title ?? DEFAULT_TAB_NAME;
}
