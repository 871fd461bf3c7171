// Shapes of the API's answers, shared by the functions and the web app.
import type { BET_WAYS, NOTIFICATION_FILTERS, WITHDRAWAL_STATUSES } from './constants.ts';
import type { ResultDetail, Score } from './match-results.ts';
import type { PointsRule, Sport } from './sports.ts';

/** Every answer: success carries data; an error carries statusCode and message only. */
export interface ApiEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  success: boolean;
}
export interface ApiError {
  statusCode: number;
  message: string;
  success: false;
}

export type Role = 'user' | 'operator';

/** GET /user/current-user */
export interface CurrentUser {
  _id: string;
  userName: string;
  email: string;
  avatar: string | null;
  walletBalance: number; // coins
  inboxCount: number;
  trophy: number;
  totalEarnings: number;
  role: Role;
  /** Ids of the tournaments this user organises (the console shows them only those). */
  organises: string[];
  /** Whether this user may create a tournament (and so becomes its organiser): operators, and those allowed. */
  mayCreateTournaments: boolean;
}

/**
 * POST /user/verify-email: the email is verified either way; only the browser that registered is also
 * signed in (the others are sent to log in).
 */
export interface VerifyEmailAnswer {
  signedIn: boolean;
  /** Signed in: the group of the invite the account registered from, joined now (the app opens it). */
  joinedGroup?: JoinedGroup;
  /** Not signed in: the name of the group that invite is to, joined at the first login. */
  pendingGroup?: string;
}

/** POST /user/login-user: the group of the invite the account registered from, joined at this first login. */
export interface LoginAnswer {
  joinedGroup: JoinedGroup | null;
}

/** A group joined through the invite an account registered from. */
export interface JoinedGroup {
  groupId: string;
  name: string;
}

/**
 * GET /user/check-otp-creation: a verification link for this email is live; the email's account is
 * verified already (as registering it again would tell: 'User already registered').
 */
export interface OtpCreationAnswer {
  isOtpGenerated: boolean;
  isVerified: boolean;
}

/** PATCH /user/reset-password: a verified account is signed in on this browser (the page goes home). */
export interface ResetPasswordAnswer {
  signedIn: boolean;
}

/** GET /user/get-by-id/{userId}: public fields only. */
export interface PublicUser {
  _id: string;
  userName: string;
  avatar: string | null;
  trophy: number;
  totalEarnings: number;
  /** Correct match picks in a row, still going (shared/streaks.ts: refunded bets skipped). */
  streak: number;
  /** The longest such run ever. */
  bestStreak: number;
}

/** A team as the game calls show it. */
export interface Team {
  _id: string;
  teamName: string;
  teamRank: number | null;
  members: { name: string }[];
}

/** GET /game/tournament-list */
export interface Tournament {
  _id: string;
  title: string;
  previewImg: string | null;
  /** Events not finished (no winner yet). */
  eventCount: number;
  /** Of those, the ones being played: started, no result yet. */
  liveEventCount: number;
  /** Events decided (a winner, or voided): a tournament with these and nothing else is finished. */
  decidedEventCount: number;
  /** ISO time of the soonest unfinished event that has not started, or null. */
  soonestEventTime: string | null;
  /** Where a generated format stands ('Matchday 3', 'Semi-finals', 'Finished'); absent for matches scheduled one by one. */
  stage?: string;
  /** Its generated format's kind; absent for matches scheduled one by one. */
  formatKind?: TournamentFormat['kind'];
  /** Names the score and says whether a match may be drawn (shared/sports.ts). */
  sport: Sport;
  /** Minutes a referee's result waits for a dispute before it stands. */
  confirmAfterMinutes: number;
}

/** A match's score and result, on every view of a match (shared/match-results.ts). */
export interface MatchScoring {
  /** Once decided: how (won, walkover, draw, void, abandoned), with the score and a note when given. */
  result?: ResultDetail;
  /** The score while the match is played, as its organiser or referee keeps it; absent once decided. */
  liveScore?: Score;
  /** Postponed: the start time it had before (its bets stand). */
  postponedFrom?: string;
  /** A referee's result is waiting to be confirmed: 'Result pending' (its score is the live score). */
  resultPending?: true;
  /** That result, on the organisers' and the referee's answers. */
  provisional?: ProvisionalResult;
}

/** GET /game/event-list?tournamentId */
export interface GameEvent extends MatchScoring {
  _id: string;
  tournamentId: string;
  /** ISO 8601, UTC. */
  time: string;
  teams: Team[];
  /** Whether bets are taken now: active, no winner and not started (a started event reads as paused). */
  isBetActive: boolean;
  /** {} while undecided. */
  winnerTeam: Team | Record<string, never>;
  /** Present (true) only when the operator voided the event (no winner, stakes refunded). */
  isVoid?: true;
  /** When the result (winner or void) was first recorded: a correction is allowed for 48 hours after. */
  decidedAt?: string;
  /** Where it is played, when the organiser said. */
  venue?: string;
  /** Its place in the tournament's format: 'Matchday 3', 'Group A · Matchday 1', 'Semi-finals', 'Final'. */
  stage?: string;
  /** A generated match's key in its format ('R1-M2'): with the stage, its name (shared/match-names.ts). */
  matchKey?: string;
}

/** GET /game/event/{id}: one match as the lists show it, and its tournament's title (the bet screen and receipt name it). */
export interface MatchView extends GameEvent {
  tournamentTitle: string;
}

/** How a tournament's fixtures were generated (absent: scheduled one by one). */
export type TournamentFormat =
  | { kind: 'league'; double: boolean }
  | { kind: 'knockout' }
  | { kind: 'groups-knockout'; groups: number; advancePerGroup: number };

/** One side of a match in the bracket: a team, the match whose winner (or group place) it waits for, or a bye. */
export type ShapeSlot = { team: Team } | { awaiting: string } | { bye: true };

/** A bracket match. A bye is no event (eventId null): its team goes straight through. */
export interface ShapeMatch extends MatchScoring {
  /** The generator's key, `R<round>-M<match>`. */
  key: string;
  eventId: string | null;
  time: string | null;
  venue?: string;
  home: ShapeSlot;
  away: ShapeSlot;
  winnerTeamId: string | null;
  isVoid?: true;
  isBetActive: boolean;
}

export interface StandingsTable {
  /** The group's name ('A'), or null for a league's one table. */
  group: string | null;
  rows: { team: Team; played: number; won: number; drawn: number; lost: number; scored: number; conceded: number; difference: number; points: number; rank: number }[];
}

/** GET /game/tournament-shape?tournamentId: its stage, what is next, standings and bracket, for everyone. */
export interface TournamentShape {
  tournamentId: string;
  format: TournamentFormat | null;
  /** 'Matchday 3', 'Semi-finals', 'Final', 'Finished'; null when nothing is scheduled. */
  stage: string | null;
  /** The soonest undecided match with both teams known. */
  next: { eventId: string; time: string; teams: [Team, Team]; stage?: string } | null;
  champion: Team | null;
  /** How ties in the tables are broken, in words. */
  tieBreak: string;
  /** Names the score and says whether a match may be drawn (shared/sports.ts). */
  sport: Sport;
  /** The tables' points for a win, a draw and a loss. */
  points: PointsRule;
  /** League: one table; groups: one a group; knockout only: none. */
  standings: StandingsTable[];
  bracket: { rounds: { round: number; name: string; matches: ShapeMatch[] }[] } | null;
  /** The seeding its format was published with, best first; [] for a tournament of no format. */
  seeds: Team[];
}

/** GET /game/team-leaderboard and /game/bettor-leaderboard, most trophies first. */
export interface LeaderboardRow {
  name: string;
  trophy: number;
  /** A team's tournament (absent on the bettor board, and for an operator's team shared by every tournament). */
  tournamentTitle?: string;
}

export type BetWay = (typeof BET_WAYS)[number];

/** POST /bet/create-new (201). The id is unique within the bettor's own bets. */
export interface BetCreated {
  betId: string;
}

/** POST /bet/create-transaction: the same id on every call. */
export interface BetTransaction {
  transactionId: string;
}

/** GET /bet/get-bet/{id} */
export interface BetReceipt {
  betway: BetWay;
  amount: number;
  transactionId: string;
  createdAt: string;
  /** The match it is on (GET /game/event/{id} names it), the team backed and where the bet stands. */
  eventId: string;
  teamId: string;
  teamName: string;
  status: CardBet['status'];
  /** What it pays if it wins (1.5x the stake), or paid once won. */
  payout: number;
}

/** GET /bet/get-betlist?userId, newest first. */
export interface BetHistoryItem {
  _id: string;
  createdAt: string;
  teamName: string;
  amount: number;
  /** Undefined (absent) while pending. */
  isWin?: boolean;
  isOver: boolean;
  betWay: BetWay;
  /** Present (true) only when the event was voided and the stake refunded: over, and isWin false. */
  isRefunded?: true;
  /** A refunded bet whose match a corrected result replaced: the match played in its place ('Final (R2-M1): Ganga v Tapti'). */
  replacedBy?: string;
  /** How its match ended, once decided: a win, a draw, a walkover, a void, with the score when given. */
  result?: ResultDetail;
}

/** GET /wallet/get-wallet. Cash in rupees (may have paise as decimals). */
export interface Wallet {
  totalCoins: number;
  totalCash: number;
  totalEarnings: number;
  /** The daily allowance: claimable now (coins below the minimum stake, none claimed this UTC day), and how many coins it gives. */
  allowance: { claimable: boolean; coins: number };
}

/** POST /wallet/claim-allowance */
export interface AllowanceClaim {
  /** Coins added. */
  coins: number;
  totalCoins: number;
}

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** POST /wallet/create-withdraw (201) and each row of GET /wallet/withdraw-history (newest first). */
export interface Withdrawal {
  _id: string;
  status: WithdrawalStatus;
  /** Rupees. */
  amount: number;
  createdAt: string;
  /** The UPI id the money is sent to. */
  upiId: string;
  /** When it was paid or rejected. */
  decidedAt: string | null;
  /** The UPI payment reference (UTR), once paid: what the payee's bank statement shows. */
  reference: string | null;
  /** Why it was rejected. */
  reason: string | null;
}

/** What a coin-history entry leads to: the bet it staked, paid or refunded, or the withdrawal. */
export type LedgerLink = { type: 'bet'; eventId: string } | { type: 'withdrawal'; withdrawalId: string };

/** One entry of GET /wallet/ledger: a change of the caller's coins and/or cash, and the balances after it. */
export interface LedgerEntryView {
  /** The entry's id, e.g. 'welcome', 'bet#<eventId>'. */
  _id: string;
  /** welcome, bet, payout, refund, withdrawal, withdrawal-refund, prize, or a newer kind: show unknown ones by name. */
  kind: string;
  /** Signed: a debit is negative. */
  coins: number;
  /** Signed rupees. */
  cash: number;
  /** The balances once this entry applied (every entry up to and including it). */
  coinsAfter: number;
  cashAfter: number;
  /** ISO time. */
  createdAt: string;
  /** A prize's reason. */
  note: string | null;
  link: LedgerLink | null;
}

/** GET /wallet/ledger?cursor=&limit=: newest first; `nextCursor` is null on the last page. */
export interface LedgerPage {
  entries: LedgerEntryView[];
  nextCursor: string | null;
}

/** PATCH /user/notification-read-all: how many were marked now, and the unread count left (0 unless new ones came). */
export interface ReadAllResult {
  marked: number;
  unread: number;
}

/**
 * An organiser export job (POST /admin/tournaments/{id}/export answers its `exportId`; GET …/export/{exportId}
 * this): `url` (a presigned GET, a download, valid until `expiresAt`) and `fileName` once ready.
 */
export interface ExportJob {
  exportId: string;
  status: 'pending' | 'ready' | 'failed';
  startedAt: string;
  finishedAt?: string;
  /** Bet rows written. */
  rows?: number;
  url?: string;
  fileName?: string;
  expiresAt?: string;
}

/** The operator API's answers (/admin/...). */
export interface AdminTournament {
  _id: string;
  title: string;
  previewImg: string | null;
  createdAt: string;
  sport: Sport;
  /** The table's points: its own, else the sport's usual ones. */
  points: PointsRule;
  /** Minutes a referee's result waits for a dispute before it stands. */
  confirmAfterMinutes: number;
}

export interface AdminTeam extends Team {
  trophy: number;
  createdAt: string;
  /** Its place in the order the tournament's teams were entered (a paste's lines, best first): the default seeding. */
  entryOrder?: number;
}

/** POST /admin/tournaments/{id}/teams/bulk: the teams it made, and those the roster had already (by name as a reader sees it, shared/names.ts). */
export interface BulkTeamsResult {
  created: AdminTeam[];
  unchanged: AdminTeam[];
}

/** POST /admin/tournaments/{id}/fixtures: the matches it made, and how many it found scheduled already. */
export interface BulkFixturesResult {
  created: AdminEvent[];
  unchanged: number;
}

export interface AdminEvent extends MatchScoring {
  _id: string;
  tournamentId: string;
  time: string;
  /** Home, then away; [] while a knockout match waits for its teams (`awaiting`). */
  teamIds: [string, string] | [];
  /** The stored switch (the public list also closes betting once the event has started). */
  isBetActive: boolean;
  winnerTeamId: string | null;
  createdAt: string;
  /** Present (true) only when the event was voided. */
  isVoid?: true;
  /** Present once every bet of a decided event is settled (ISO time). */
  settledAt?: string;
  venue?: string;
  stage?: string;
  /** A generated match's key in its format ('R1-M2'). */
  matchKey?: string;
  /** A knockout match whose teams are not all known yet: what each empty side waits for ('Winner of R1-M2'). */
  awaiting?: { home?: string; away?: string };
  /** GET /admin/tournaments/{id}/events, with `awaiting`: the name of the team already through to a side (a bye's, a decided feeder's); with `replacedBy`, both teams' names. */
  knownSides?: { home?: string; away?: string };
  /** GET /admin/tournaments/{id}/events: a match a corrected result replaced (voided, stakes refunded), and the match played in its place. */
  replacedBy?: { eventId: string; description: string };
}

/** GET /admin/events/{id}: the match as its organisers edit it. */
export interface AdminEventDetail extends AdminEvent {
  /** Someone has bet on it: its teams can no longer be changed, and it cannot be deleted (only voided). */
  hasBets: boolean;
}

/** What was done to an event (its audit trail). */
export type EventAuditAction =
  | 'created'
  | 'paused'
  | 'reopened'
  | 're-timed'
  | 'postponed'
  | 'teams-changed'
  | 'venue-set'
  | 'deleted'
  | 'result-sent'
  | 'result-disputed'
  | 'decided'
  | 'voided'
  | 'corrected';

/** GET /admin/events/{id}/audit rows, oldest first. */
export interface EventAuditEntry {
  action: EventAuditAction;
  actorId: string;
  actorName: string;
  at: string;
  detail?: string;
}

/** GET/POST /admin/tournaments/{id}/organisers rows. */
export interface Organiser {
  userId: string;
  userName: string;
  email: string;
  addedAt: string;
}

/** POST /admin/events/{id}/correct-result: the corrected outcome, settled again in the background. */
export interface CorrectionResult {
  eventId: string;
  winnerTeamId: string | null;
  isVoid: boolean;
  /** The original decision (the 48 hours run from it). */
  decidedAt: string;
  result: ResultDetail;
  /** The corrected outcome's generation (1 for the first correction). */
  correction: number;
  correctableUntil: string;
  /** A knockout's next match voided (its bets refunded) and replaced, since the correction changed who went through. */
  replacedNextEventId?: string;
}

/** POST /admin/events/{id}/result (202): the recorded outcome; settlement runs asynchronously. */
export interface EventResult {
  eventId: string;
  winnerTeamId: string | null;
  isVoid: boolean;
  decidedAt: string;
  result: ResultDetail;
}

/** POST /admin/users/{id}/credit. `applied` is false when this creditId was already credited. */
export interface PrizeCredit {
  creditId: string;
  applied: boolean;
}

/**
 * POST /admin/users/{id}/prizes/{creditId}/reversal: the prize taken back (rupees and coins). `taken` is
 * what came out of the wallet; `owed` the rest, which the house wrote off and later prizes repay first.
 */
export interface PrizeReversal {
  creditId: string;
  userId: string;
  prize: { cash: number; coins: number };
  taken: { cash: number; coins: number };
  owed: { cash: number; coins: number };
  reason: string;
  reversedAt: string;
}

/** GET /admin/users?query= rows. Cash in rupees. */
export interface AdminUser {
  _id: string;
  userName: string;
  email: string;
  role: Role;
  coins: number;
  cash: number;
  trophy: number;
  /** An operator has allowed this user to create tournaments (PUT /admin/users/{id}/tournament-creator). */
  mayCreateTournaments: boolean;
}

/** GET /admin/withdrawals?status= rows (newest first) and PATCH /admin/withdrawals/{id}. Amount in rupees. */
export interface AdminWithdrawal extends Withdrawal {
  userId: string;
  userName: string;
  email: string;
  upiId: string;
  /** When it was paid or rejected. */
  decidedAt: string | null;
  /** The UPI payment reference, once paid. */
  reference: string | null;
  /** Why it was rejected. */
  reason: string | null;
}

/** A prize an operator credited, on a person's page (GET /admin/users/{id}). Cash in rupees. */
export interface AdminPrize {
  creditId: string;
  coins: number;
  cash: number;
  reason: string;
  createdAt: string;
  /** Taken back by a reversal since. */
  reversed: boolean;
}

/**
 * GET /admin/users/{id}: a person's page for the operator: who they are, their wallet, the prizes they were
 * credited and their withdrawals (newest first). Their coin history: GET /admin/users/{id}/ledger; their
 * bets: GET /admin/users/{id}/bets.
 */
export interface AdminPerson {
  user: AdminUser & { verified: boolean; createdAt: string };
  wallet: { coins: number; cash: number; earnings: number };
  prizes: AdminPrize[];
  withdrawals: Omit<AdminWithdrawal, 'userId' | 'userName' | 'email'>[];
}

export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** One notification: a row of GET /user/notification-list and the `data` of a WebSocket push. */
export interface UserNotification {
  _id: string;
  /** ISO time. */
  createdAt: string;
  subject: string;
  description: string;
  isReaded: boolean;
}

/** GET /user/notification-list?filter=all|unreads: groups by day (formatDate), newest first. */
export interface NotificationGroup {
  date: string;
  notifications: UserNotification[];
}

/** What the server pushes over the WebSocket to each open connection of the notified user. */
export interface NotificationPush {
  event: 'notification';
  data: UserNotification;
}

/** An event's crowd split: bettors per team id (teams nobody backed are absent). */
export interface CrowdSplit {
  eventId: string;
  tournamentId: string;
  bettors: Record<string, number>;
}

/** An event's state as its card shows it, pushed at once when the operator changes it. */
export interface LiveEventState extends MatchScoring {
  _id: string;
  tournamentId: string;
  time: string;
  isBetActive: boolean;
  winnerTeamId: string | null;
  isVoid?: true;
}

/** What a tournament's watchers receive (WebSocket action `watch`). */
export type LivePush = { event: 'event-state'; data: LiveEventState } | { event: 'crowd'; data: CrowdSplit };

/** The reply to `{"action":"watch","tournamentId"}`: 200 with the state and crowd split of the tournament's events. */
export interface WatchReply {
  action: 'watch';
  statusCode: number;
  tournamentId?: string;
  /** Each event's state when the watch began: what changed after it is pushed. */
  states?: LiveEventState[];
  crowds?: CrowdSplit[];
  maxWatches?: number;
}

/** GET /bet/my-bets: the caller's own bets, as the event cards show them. */
export interface CardBet {
  eventId: string;
  teamId: string;
  amount: number;
  status: 'pending' | 'won' | 'lost' | 'refunded';
  /** What a won bet paid. */
  payout?: number;
}

/** GET /group/my-groups (each), and the group of GET /group/leaderboard/{groupId}: members only. */
/** GET /group/invite/{inviteCode} (public): what the invite link is an invite to; never its members. */
export interface InvitePreview {
  name: string;
  memberCount: number;
}

export interface GroupSummary {
  groupId: string;
  name: string;
  memberCount: number;
  /** The caller created the group (or the role passed to them): they may rotate its invite code. */
  isCreator: boolean;
  inviteCode: string;
}

/** A member on a group's leaderboard: trophies (bets won), then total earnings. */
export interface GroupLeaderboardRow {
  userId: string;
  name: string;
  trophy: number;
  earnings: number;
  /** The member's current streak of correct picks, and their best (shared/streaks.ts). */
  streak: number;
  bestStreak: number;
}

export interface GroupLeaderboard {
  group: GroupSummary;
  rows: GroupLeaderboardRow[];
}

/**
 * GET /group/picks?eventIds=: how one of the caller's groups backed a match whose betting has closed
 * (started or decided; never before: docs/architecture.md "Friends' picks"). Only groups with a member's
 * bet on it are listed.
 */
export interface GroupPicks {
  eventId: string;
  groupId: string;
  groupName: string;
  /** Both teams, home first: how many of the group's members backed each. */
  split: { teamId: string; teamName: string; bettors: number }[];
  /** Decided with a winner whose backers were paid. */
  winnerTeamId?: string;
  /** The members who backed the winner: the first few names, by name, and how many more. */
  winners?: { names: string[]; more: number };
  /** Drawn, void or a walkover: every stake came back, so nobody won. */
  stakesReturned?: true;
}

/** GET /game/hostel-leaderboard?tournamentId=: a hostel's bets won in the tournament's settled events. */
export interface HostelRow {
  name: string;
  memberCount: number;
  trophy: number;
}

/** PUT /admin/tournaments/{id}/hostels: the groups marked as the tournament's hostels. */
export interface TournamentHostel {
  groupId: string;
  name: string;
  memberCount: number;
}

/** A result a referee sent through a scorer link: it stands once an organiser confirms it, or when `confirmsAt` passes undisputed. */
export interface ProvisionalResult {
  result: ResultDetail;
  winnerTeamId: string | null;
  /** Who sent it, as the audit trail names it: 'Scorer link: Court 2'. */
  by: string;
  at: string;
  /** When it becomes the result if nobody disputes it. */
  confirmsAt: string;
  /** An organiser disputed it: it waits for their result. */
  disputed?: true;
}

/** What a scorer link reaches: one match, or the matches of a court and/or a day of its tournament. */
export interface ScorerScope {
  eventIds?: string[];
  venue?: string;
  /** 'YYYY-MM-DD', in UTC (the day the matches start). */
  day?: string;
}

/** GET/POST /admin/tournaments/{id}/scorer-links: a link referees score with, no account needed. */
export interface ScorerLink {
  id: string;
  name: string;
  /** The page to open: the secret is in its #fragment, which browsers never send to a server. */
  url: string;
  scope: ScorerScope;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
}

/** A match as a referee's page shows it. */
export interface ScorerMatch {
  _id: string;
  time: string;
  venue?: string;
  stage?: string;
  matchKey?: string;
  /** Home, then away. */
  teams: [Team, Team];
  liveScore?: Score;
  /** Once the referee ended it: their result, waiting to be confirmed. */
  provisional?: ProvisionalResult;
  /** Once decided (confirmed, or the organiser's own). */
  result?: ResultDetail;
  winnerTeamId?: string | null;
  /** Whether a draw is a result here (a league or group match of a sport with draws). */
  drawAllowed: boolean;
}

/** GET /scorer/matches: what the link's bearer may score. */
export interface ScorerView {
  linkName: string;
  tournamentTitle: string;
  sport: Sport;
  expiresAt: string;
  matches: ScorerMatch[];
}

/** A team in the tournament-winner pool (GET /game/tournament-pool). */
export interface PoolTeam {
  team: Team;
  /** Coins staked on it, and by how many stakes (counted from the table stream: exact within seconds). */
  coins: number;
  backers: number;
  /** Its part of the pool, 0..1. */
  share: number;
  /** What one coin staked on it pays now, if it wins (the pool over its stakes; null while none). */
  pays: number | null;
  /** Knocked out: it takes no new stakes. */
  out: boolean;
}

/**
 * 'open': takes stakes; 'closed': waits for the champion; 'shared': paid to the champion's backers;
 * 'refunded': nobody backed the champion, or the organiser called it off: every stake came back.
 */
export type PoolStatus = 'open' | 'closed' | 'shared' | 'refunded';

/** GET /game/tournament-pool?tournamentId= : 'Who lifts the cup?' (404 for a tournament with no generated format). */
export interface TournamentPool {
  tournamentId: string;
  title: string;
  status: PoolStatus;
  /** When it stops taking stakes (by default the first knockout match's start; a league's last matchday's). */
  closesAt: string;
  /** Whether the organiser set closesAt rather than the match it follows. */
  closesAtSetByOrganiser: boolean;
  total: number;
  backers: number;
  /** Most coins first. */
  teams: PoolTeam[];
  /** Once known (several when a league's title is shared). */
  champions: Team[];
  /** Once shared: how many stakes were on the champion. */
  championBackers?: number;
}

/** GET /pool/my-stakes?tournamentId= : the caller's stakes, one a team at most. */
export interface PoolStake {
  tournamentId: string;
  teamId: string;
  teamName: string;
  amount: number;
  /** 'refunded': given back (the pool closed as it arrived, nobody backed the champion, or called off). */
  status: 'pending' | 'accepted' | 'won' | 'lost' | 'refunded';
  /** What it was paid: its share of the pool, or its stake back. */
  payout?: number;
  createdAt: string;
}

/** POST /pool/stake (201). */
export interface PoolStakePlaced {
  stake: PoolStake;
}

/** GET /pool/group-picks?tournamentId= : each of the caller's groups' champion picks, once the pool closed ([] before). */
export interface GroupPoolPicks {
  groupId: string;
  groupName: string;
  picks: { teamId: string; teamName: string; names: string[] }[];
}
