// The route manifest: every HTTP endpoint, declared once. The local gateway serves from it and the
// CDK stack builds one Lambda per entry from it. `handler` is the module under functions/ that
// exports `handler`; `auth` is enforced by the shared middleware from this manifest.

import { API_BASE_PATH } from './constants.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/**
 * Who may call a route. 'organiser': an operator, or an organiser of the tournament the request
 * touches. The middleware only signs the caller in; the domain resolves the tournament from the
 * tournament, team or event id and checks the organiser item in the table (functions/catalog/organisers.ts,
 * authoriseTournament / authoriseEvent / authoriseTeam), answering 403 otherwise.
 */
export type RouteAuth = 'public' | 'user' | 'organiser' | 'operator';
export type RouteBody = 'none' | 'json' | 'multipart' | 'json-or-multipart';

export interface RouteDef {
  method: HttpMethod;
  /** Path under /api/v1, with API Gateway style {params}. */
  path: string;
  /** Module path under functions/, without extension. */
  handler: string;
  auth: RouteAuth;
  body: RouteBody;
  /** Heavier functions (password hashing, image handling) get more memory in the cloud. */
  memoryMb?: number;
  /** A GET that changes state (the spec's logout and refresh): refused from another site, as mutations are. */
  changesState?: true;
}

const HASHING = 1024;

/**
 * Every route's function timeout in the cloud (the stack sets it): the bound on how long after a result
 * a bet that read the event before it can still commit, which the settlement's late sweep waits out.
 */
export const ROUTE_TIMEOUT_SECONDS = 10;

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/user/check-auth', handler: 'identity/handlers/check-auth', auth: 'public', body: 'none' },
  { method: 'GET', path: '/user/current-user', handler: 'identity/handlers/current-user', auth: 'user', body: 'none' },
  { method: 'GET', path: '/user/refresh-token', handler: 'identity/handlers/refresh-token', auth: 'public', body: 'none', changesState: true },
  { method: 'GET', path: '/user/logout-user', handler: 'identity/handlers/logout-user', auth: 'public', body: 'none', changesState: true },
  { method: 'GET', path: '/user/get-by-id/{userId}', handler: 'identity/handlers/get-by-id', auth: 'user', body: 'none' },
  { method: 'PATCH', path: '/user/update-user', handler: 'identity/handlers/update-user', auth: 'user', body: 'json' },
  { method: 'PATCH', path: '/user/update-avatar', handler: 'identity/handlers/update-avatar', auth: 'user', body: 'multipart', memoryMb: 1024 },
  { method: 'PATCH', path: '/user/update-password', handler: 'identity/handlers/update-password', auth: 'user', body: 'json', memoryMb: HASHING },
  { method: 'POST', path: '/user/create-user', handler: 'identity/handlers/create-user', auth: 'public', body: 'json-or-multipart', memoryMb: HASHING },
  { method: 'POST', path: '/user/create-email-verification', handler: 'identity/handlers/create-email-verification', auth: 'public', body: 'json' },
  { method: 'GET', path: '/user/check-otp-creation', handler: 'identity/handlers/check-otp-creation', auth: 'public', body: 'none' },
  { method: 'POST', path: '/user/verify-email', handler: 'identity/handlers/verify-email', auth: 'public', body: 'none' },
  { method: 'POST', path: '/user/login-user', handler: 'identity/handlers/login-user', auth: 'public', body: 'json', memoryMb: HASHING },
  { method: 'POST', path: '/user/create-otp', handler: 'identity/handlers/create-otp', auth: 'public', body: 'json' },
  { method: 'POST', path: '/user/check-otp', handler: 'identity/handlers/check-otp', auth: 'public', body: 'json' },
  { method: 'PATCH', path: '/user/reset-password', handler: 'identity/handlers/reset-password', auth: 'public', body: 'json', memoryMb: HASHING },
  { method: 'GET', path: '/game/tournament-list', handler: 'catalog/handlers/tournament-list', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/event-list', handler: 'catalog/handlers/event-list', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/tournament-shape', handler: 'catalog/handlers/tournament-shape', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/event/{id}', handler: 'catalog/handlers/get-match', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/team-leaderboard', handler: 'community/handlers/team-leaderboard', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/bettor-leaderboard', handler: 'community/handlers/bettor-leaderboard', auth: 'public', body: 'none' },
  { method: 'GET', path: '/game/hostel-leaderboard', handler: 'community/handlers/hostel-leaderboard', auth: 'public', body: 'none' },
  { method: 'POST', path: '/bet/create-new', handler: 'betting/handlers/create-new', auth: 'user', body: 'json' },
  { method: 'POST', path: '/bet/create-transaction', handler: 'betting/handlers/create-transaction', auth: 'user', body: 'json' },
  { method: 'GET', path: '/bet/get-bet/{id}', handler: 'betting/handlers/get-bet', auth: 'user', body: 'none' },
  { method: 'GET', path: '/bet/get-betlist', handler: 'betting/handlers/get-betlist', auth: 'user', body: 'none' },
  { method: 'GET', path: '/bet/my-bets', handler: 'live/handlers/my-bets', auth: 'user', body: 'none' },
  { method: 'GET', path: '/wallet/get-wallet', handler: 'wallet/handlers/get-wallet', auth: 'user', body: 'none' },
  { method: 'POST', path: '/wallet/claim-allowance', handler: 'wallet/handlers/claim-allowance', auth: 'user', body: 'none' },
  { method: 'POST', path: '/wallet/create-withdraw', handler: 'wallet/handlers/create-withdraw', auth: 'user', body: 'json' },
  { method: 'GET', path: '/wallet/withdraw-history', handler: 'wallet/handlers/withdraw-history', auth: 'user', body: 'none' },
  { method: 'GET', path: '/wallet/ledger', handler: 'wallet/handlers/ledger', auth: 'user', body: 'none' },
  { method: 'POST', path: '/admin/tournaments', handler: 'catalog/handlers/create-tournament', auth: 'user', body: 'json' },
  { method: 'PATCH', path: '/admin/tournaments/{id}', handler: 'catalog/handlers/update-tournament', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/teams', handler: 'catalog/handlers/create-team', auth: 'organiser', body: 'json' },
  { method: 'PATCH', path: '/admin/teams/{id}', handler: 'catalog/handlers/update-team', auth: 'organiser', body: 'json' },
  { method: 'DELETE', path: '/admin/teams/{id}', handler: 'catalog/handlers/remove-team', auth: 'organiser', body: 'none' },
  { method: 'GET', path: '/admin/tournaments/{id}/teams', handler: 'catalog/handlers/tournament-teams', auth: 'organiser', body: 'none' },
  { method: 'GET', path: '/admin/tournaments/{id}/events', handler: 'catalog/handlers/tournament-events', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/tournaments/{id}/teams/bulk', handler: 'catalog/handlers/bulk-teams', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/tournaments/{id}/fixtures', handler: 'catalog/handlers/bulk-fixtures', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/tournaments/{id}/format', handler: 'catalog/handlers/publish-format', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/events', handler: 'catalog/handlers/create-event', auth: 'organiser', body: 'json' },
  { method: 'GET', path: '/admin/events/{id}', handler: 'catalog/handlers/get-event', auth: 'organiser', body: 'none' },
  { method: 'PATCH', path: '/admin/events/{id}', handler: 'catalog/handlers/update-event', auth: 'organiser', body: 'json' },
  { method: 'DELETE', path: '/admin/events/{id}', handler: 'catalog/handlers/delete-event', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/events/{id}/result', handler: 'settlement/handlers/declare-result', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/events/{id}/correct-result', handler: 'settlement/handlers/correct-result', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/events/{id}/live-score', handler: 'catalog/handlers/live-score', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/events/{id}/postpone', handler: 'catalog/handlers/postpone-event', auth: 'organiser', body: 'json' },
  { method: 'POST', path: '/admin/events/{id}/provisional/confirm', handler: 'settlement/handlers/confirm-provisional-result', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/events/{id}/provisional/dispute', handler: 'settlement/handlers/dispute-provisional-result', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/tournaments/{id}/scorer-links', handler: 'catalog/handlers/create-scorer-link', auth: 'organiser', body: 'json' },
  { method: 'GET', path: '/admin/tournaments/{id}/scorer-links', handler: 'catalog/handlers/list-scorer-links', auth: 'organiser', body: 'none' },
  { method: 'DELETE', path: '/admin/tournaments/{id}/scorer-links/{linkId}', handler: 'catalog/handlers/revoke-scorer-link', auth: 'organiser', body: 'none' },
  // A referee's page: no account; the scorer link's secret comes in a header (catalog/scorer-links.ts).
  { method: 'GET', path: '/scorer/matches', handler: 'catalog/handlers/scorer-matches', auth: 'public', body: 'none' },
  { method: 'POST', path: '/scorer/matches/{id}/score', handler: 'catalog/handlers/scorer-score', auth: 'public', body: 'json' },
  { method: 'POST', path: '/scorer/matches/{id}/end', handler: 'catalog/handlers/scorer-end', auth: 'public', body: 'json' },
  { method: 'POST', path: '/admin/tournaments/{id}/export', handler: 'exports/handlers/start-export', auth: 'organiser', body: 'none' },
  { method: 'GET', path: '/admin/tournaments/{id}/export/{exportId}', handler: 'exports/handlers/export-status', auth: 'organiser', body: 'none' },
  { method: 'GET', path: '/admin/events/{id}/audit', handler: 'catalog/handlers/event-audit', auth: 'organiser', body: 'none' },
  { method: 'GET', path: '/admin/tournaments/{id}/organisers', handler: 'catalog/handlers/list-organisers', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/tournaments/{id}/organisers', handler: 'catalog/handlers/add-organiser', auth: 'organiser', body: 'json' },
  { method: 'DELETE', path: '/admin/tournaments/{id}/organisers/{userId}', handler: 'catalog/handlers/remove-organiser', auth: 'organiser', body: 'none' },
  { method: 'POST', path: '/admin/users/{id}/credit', handler: 'wallet/handlers/credit-user', auth: 'operator', body: 'json' },
  { method: 'POST', path: '/admin/users/{id}/prizes/{creditId}/reversal', handler: 'wallet/handlers/reverse-prize', auth: 'operator', body: 'json' },
  { method: 'PUT', path: '/admin/users/{id}/tournament-creator', handler: 'catalog/handlers/set-tournament-creator', auth: 'operator', body: 'json' },
  { method: 'GET', path: '/admin/users', handler: 'identity/handlers/find-users', auth: 'operator', body: 'none' },
  { method: 'GET', path: '/admin/users/{id}', handler: 'wallet/handlers/user-account', auth: 'operator', body: 'none' },
  { method: 'GET', path: '/admin/users/{id}/ledger', handler: 'wallet/handlers/user-ledger', auth: 'operator', body: 'none' },
  { method: 'GET', path: '/admin/users/{id}/bets', handler: 'betting/handlers/user-bets', auth: 'operator', body: 'none' },
  { method: 'GET', path: '/admin/withdrawals', handler: 'wallet/handlers/list-withdrawals', auth: 'operator', body: 'none' },
  { method: 'PATCH', path: '/admin/withdrawals/{id}', handler: 'wallet/handlers/decide-withdrawal', auth: 'operator', body: 'json' },
  { method: 'GET', path: '/user/push-public-key', handler: 'notifications/handlers/push-public-key', auth: 'user', body: 'none' },
  { method: 'POST', path: '/user/push-subscription', handler: 'notifications/handlers/push-subscribe', auth: 'user', body: 'json' },
  { method: 'DELETE', path: '/user/push-subscription', handler: 'notifications/handlers/push-unsubscribe', auth: 'user', body: 'json' },
  { method: 'GET', path: '/user/push-subscriptions', handler: 'notifications/handlers/push-devices', auth: 'user', body: 'none' },
  { method: 'GET', path: '/user/tournament-reminders/{id}', handler: 'reminders/handlers/tournament-reminder', auth: 'user', body: 'none' },
  { method: 'PUT', path: '/user/tournament-reminders/{id}', handler: 'reminders/handlers/tournament-reminder-on', auth: 'user', body: 'none' },
  { method: 'DELETE', path: '/user/tournament-reminders/{id}', handler: 'reminders/handlers/tournament-reminder-off', auth: 'user', body: 'none' },
  { method: 'GET', path: '/user/notification-list', handler: 'notifications/handlers/notification-list', auth: 'user', body: 'none' },
  { method: 'PATCH', path: '/user/notification-read/{id}', handler: 'notifications/handlers/notification-read', auth: 'user', body: 'none' },
  { method: 'PATCH', path: '/user/notification-read-all', handler: 'notifications/handlers/notification-read-all', auth: 'user', body: 'none' },
  { method: 'POST', path: '/group/create-group', handler: 'community/handlers/create-group', auth: 'user', body: 'json' },
  { method: 'POST', path: '/group/join', handler: 'community/handlers/join', auth: 'user', body: 'json' },
  { method: 'POST', path: '/group/leave', handler: 'community/handlers/leave', auth: 'user', body: 'json' },
  { method: 'GET', path: '/group/my-groups', handler: 'community/handlers/my-groups', auth: 'user', body: 'none' },
  { method: 'GET', path: '/group/leaderboard/{groupId}', handler: 'community/handlers/leaderboard', auth: 'user', body: 'none' },
  { method: 'GET', path: '/group/picks', handler: 'community/handlers/group-picks', auth: 'user', body: 'none' },
  { method: 'POST', path: '/group/rotate-invite', handler: 'community/handlers/rotate-invite', auth: 'user', body: 'json' },
  { method: 'GET', path: '/group/invite/{inviteCode}', handler: 'community/handlers/invite', auth: 'public', body: 'none' },
  { method: 'GET', path: '/admin/tournaments/{id}/hostels', handler: 'community/handlers/get-hostels', auth: 'organiser', body: 'none' },
  { method: 'PUT', path: '/admin/tournaments/{id}/hostels', handler: 'community/handlers/set-hostels', auth: 'organiser', body: 'json' },
  // The tournament-winner pool (functions/pools/): its odds for everyone, a bettor's stakes, a group's picks once it closed.
  { method: 'GET', path: '/game/tournament-pool', handler: 'pools/handlers/tournament-pool', auth: 'public', body: 'none' },
  { method: 'POST', path: '/pool/stake', handler: 'pools/handlers/place-stake', auth: 'user', body: 'json' },
  { method: 'GET', path: '/pool/my-stakes', handler: 'pools/handlers/my-stakes', auth: 'user', body: 'none' },
  { method: 'GET', path: '/pool/group-picks', handler: 'pools/handlers/group-picks', auth: 'user', body: 'none' },
  { method: 'PUT', path: '/admin/tournaments/{id}/pool', handler: 'pools/handlers/pool-settings', auth: 'organiser', body: 'json' },
];

/** WebSocket API routes ($connect, $disconnect and custom actions), handler modules under functions/. */
export const wsRoutes: readonly { routeKey: string; handler: string }[] = [
  { routeKey: '$connect', handler: 'identity/handlers/connect' },
  { routeKey: '$disconnect', handler: 'notifications/handlers/disconnect' },
  { routeKey: 'join', handler: 'notifications/handlers/join' },
  { routeKey: 'watch', handler: 'live/handlers/watch' },
];

export interface QueueDef {
  name: string;
  /** Module under functions/ exporting `handler(event: SQSEvent, context)` answering `{ batchItemFailures }`. */
  handler: string;
  /** Producers read the queue's URL from this variable. */
  urlEnv: string;
  /**
   * The worker's timeout (Lambda's, and the local queue's); the queue hides a received message for six
   * times as long (shared/queue-settings.ts visibilityTimeoutSeconds). Lambda allows at most 900.
   */
  timeoutSeconds: number;
}

/**
 * Queues and the worker each one feeds: one Lambda per worker behind an SQS event source in the cloud,
 * run in a worker process by the local queue.
 */
export const queues: readonly QueueDef[] = [
  // A settlement run stops starting bets shortly before its timeout; SQS delivers the rest again (settle-event.ts).
  { name: 'settlement', handler: 'settlement/handlers/settle-event', urlEnv: 'SETTLEMENT_QUEUE_URL', timeoutSeconds: 2 * 60 },
  // The organiser export: one message per job, the CSV streamed to S3 (functions/exports/tournament-export.ts);
  // a tournament of 100,000 bets takes minutes, so it gets Lambda's longest run.
  { name: 'export', handler: 'exports/handlers/export-tournament', urlEnv: 'EXPORT_QUEUE_URL', timeoutSeconds: 15 * 60 },
  // A crowd split's trailing broadcast, sent with a delay of one coalescing window by the stream's crowd
  // handler when the window was taken (functions/live/live.ts), so no stream batch waits it out.
  { name: 'crowd', handler: 'live/handlers/crowd-broadcast', urlEnv: 'CROWD_QUEUE_URL', timeoutSeconds: 30 },
];

/** A kind of table change a stream consumer takes: the change (`eventName`) of items of one `entity`. */
export interface StreamFilter {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item's `entity` attribute (the new image's; the old one's for REMOVE). */
  entity: string;
}

/**
 * The table stream's work, by what it reacts to: the one stream consumer (below) hands each handler of
 * functions/stream/ the records its filters pass, in order (functions/stream/handlers/table-stream.ts).
 */
export const streamHandlers = {
  // Betting reminders: an event created or re-timed is (re)scheduled, a deleted one's schedule goes; a bet records its tournament's bettor.
  reminders: [
    { eventName: 'INSERT', entity: 'event' },
    { eventName: 'MODIFY', entity: 'event' },
    { eventName: 'REMOVE', entity: 'event' },
    { eventName: 'INSERT', entity: 'bet' },
  ],
  // Web Push: each stored notification to the user's devices; a session's subscriptions end with it.
  push: [
    { eventName: 'INSERT', entity: 'notification' },
    { eventName: 'REMOVE', entity: 'session' },
  ],
  // Live match cards: event changes broadcast at once (functions/live/live.ts).
  liveCards: [
    { eventName: 'INSERT', entity: 'event' },
    { eventName: 'MODIFY', entity: 'event' },
  ],
  // The crowd split: each batch's bettors counted per event, broadcast coalesced (never waited for in the batch).
  crowd: [
    { eventName: 'INSERT', entity: 'bet' },
    { eventName: 'MODIFY', entity: 'bet' },
  ],
  // The cup pool's totals: each batch's stakes counted per pool and team (functions/pools/stream-pool-totals.ts).
  poolTotals: [
    { eventName: 'INSERT', entity: 'pool-stake' },
    { eventName: 'MODIFY', entity: 'pool-stake' },
  ],
} as const satisfies Record<string, readonly StreamFilter[]>;
export type StreamHandlerName = keyof typeof streamHandlers;

export interface StreamConsumerDef {
  /** Names the consumer: the CDK event source mapping's id, log lines. */
  name: string;
  /** Module under functions/ exporting `handler(event: DynamoDBStreamEvent)` answering `{ batchItemFailures }`. */
  handler: string;
  /** Lambda's MaximumBatchingWindowInSeconds (the local poller waits at most ~250 ms). */
  batchingWindowSeconds: number;
  /**
   * Only these changes reach the handler (Lambda filter criteria in the cloud, the same match locally),
   * merged into as few patterns as express them exactly (infra/stream-filters.ts); at most 5 patterns.
   */
  filters: readonly StreamFilter[];
}

/** Every change any stream handler takes, each once. */
const everyStreamFilter = (): StreamFilter[] => {
  const all = Object.values(streamHandlers).flat() as StreamFilter[];
  return all.filter((f, i) => all.findIndex((g) => g.eventName === f.eventName && g.entity === f.entity) === i);
};

/**
 * The table stream's consumers (the table's stream, NEW_AND_OLD_IMAGES): one, the dispatcher, behind one
 * DynamoDB event source in the cloud (infra/constructs/stream-consumer.ts) and fed by the local cloud's
 * one stream poller (infra/local/table-stream.ts). AWS advises at most two readers of a single-Region
 * table's stream shard, and every mapping reads every shard whatever its filter: new stream work is a
 * handler under functions/stream/ with an entry in `streamHandlers`, never a consumer of its own
 * (tests/infra/table-stream.test.ts holds the stack to two).
 */
export const streamConsumers: readonly StreamConsumerDef[] = [
  // No batching window: a pause or a result goes out at once; nothing in a batch waits out a window.
  { name: 'TableStream', handler: 'stream/handlers/table-stream', batchingWindowSeconds: 0, filters: everyStreamFilter() },
];

export interface ScheduleTargetDef {
  name: string;
  /** Module under functions/ exporting `handler(input)`: invoked by a schedule with its Input (JSON). */
  handler: string;
  /** The variable that gives the functions scheduling it the target's ARN. */
  arnEnv: string;
  /** How its schedules' names begin (`reminder-<eventId>`): the functions that schedule may touch only those. */
  namePrefix: string;
}

/**
 * Functions that one-time schedules invoke (EventBridge Scheduler in the cloud, with the stack's scheduler
 * role, SCHEDULER_ROLE_ARN; the local cloud's scheduler locally, infra/local/scheduler.ts).
 */
export const scheduleTargets: readonly ScheduleTargetDef[] = [
  // The betting reminder of one event, REMINDER_LEAD_MINUTES (shared/push.ts) before its start.
  { name: 'SendReminder', handler: 'reminders/handlers/send-reminder', arnEnv: 'REMINDER_TARGET_ARN', namePrefix: 'reminder-' },
  // A referee's result standing once the tournament's minutes pass undisputed (settlement/provisional-results.ts).
  { name: 'ConfirmResult', handler: 'settlement/handlers/confirm-result-on-time', arnEnv: 'CONFIRM_RESULT_TARGET_ARN', namePrefix: 'confirm-' },
];

/** API Gateway's routeKey for a manifest entry, e.g. "GET /api/v1/user/check-auth". */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${API_BASE_PATH}${r.path}`;

/**
 * The request paths a route answers, as API Gateway matches them: its full path with each `{param}`
 * standing for one path segment, captured in `paramNames`' order (the local gateway routes by it; the
 * service worker checks addresses a page hands it against it).
 */
export function routePattern(r: Pick<RouteDef, 'path'>): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = `${API_BASE_PATH}${r.path}`
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), paramNames };
}

export const findRouteByKey = (key: string | undefined) => routes.find((r) => routeKey(r) === key);
