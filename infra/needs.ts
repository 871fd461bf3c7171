// What each function reaches beyond its own code, keyed by handler module (the manifest's `handler`).
// The function construct turns an entry into IAM grants and environment, so a function gets only what
// it uses; tests/infra/needs.test.ts derives the same map from the bundled code and fails on any drift,
// and on a manifest handler without an entry.
import { queues } from '../shared/routes.ts';

/** DynamoDB actions on the table itself. TransactWriteItems needs the action of each item it holds. */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'BatchWriteItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

export type QueueName = (typeof queues)[number]['name'];

export interface Needs {
  /** Table actions. `Query` is granted on the table whenever the function queries, index or not. */
  table: readonly TableAction[];
  /** Indexes it queries (dynamodb:Query on the index ARN). */
  indexes?: readonly string[];
  /** S3 actions on the avatar prefix. */
  avatars?: readonly ('PutObject' | 'DeleteObject')[];
  /** S3 actions on the organiser exports' prefix (a multipart upload, and the presigned download's GetObject). */
  exports?: readonly ('AbortMultipartUpload' | 'GetObject' | 'PutObject')[];
  /** Sends mail through SES (from MAIL_FROM only). */
  mail?: true;
  /** Pushes to and closes WebSocket connections (PostToConnection, DeleteConnection). */
  push?: true;
  /** Signs Web Push requests: reads the VAPID seed secret (functions/platform/push-config.ts). */
  vapid?: true;
  /** Creates, moves and deletes the one-time reminder schedules (EventBridge Scheduler), passing the scheduler role. */
  schedules?: true;
  /** Queues it sends to. */
  sends?: readonly QueueName[];
  /**
   * The partition-key families of everything it writes, for a function that writes only the caller's
   * own items: its writes are then allowed only on items whose `pk` starts so (dynamodb:LeadingKeys).
   * Checked against what the code writes by tests/integration/least-privilege.test.ts.
   */
  writes?: readonly KeyFamily[];
  /**
   * With `writes`: the families it may also ConditionCheck (dynamodb:ConditionCheckItem, which writes
   * nothing) besides its own: $connect checks, in the transaction that stores the socket, that the
   * session it marks open is open; a bet checks its session and one of the event's gates.
   */
  checks?: readonly KeyFamily[];
}

/**
 * A user's items (`USER#<id>`), a WebSocket connection's record (`CONN#<connectionId>`), its watches
 * (`WATCH#<tournamentId>`), the user search index's entries (`USEARCH#…`, each naming its user in the sort
 * key), sessions (`SESSION#<sid>`, only ever checked: `checks`) and an event's betting gates (`GATE#<eventId>#<n>`:
 * a bet checks one, and makes them follow the event when it finds them behind it).
 */
export type KeyFamily = 'USER#' | 'CONN#' | 'WATCH#' | 'USEARCH#' | 'SESSION#' | 'GATE#';
/** The user's items and connection records: a connection's own, or those a push finds gone or of an ended session. */
const ownAndConnections = ['USER#', 'CONN#'] as const;
/** The same and the connection's watches, which go with it. */
const connectionAndWatches = [...ownAndConnections, 'WATCH#'] as const;

const read = ['GetItem'] as const;
const readQuery = ['GetItem', 'Query'] as const;
const readList = ['GetItem', 'BatchGetItem', 'Query'] as const;
const update = ['GetItem', 'UpdateItem'] as const;
/** A change committed with its notices, posted to the users' sockets (their sets and sessions read in batches). */
const notify = ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const;
/** The same, walking an index or listing (settling, correcting, deciding). */
const settle = [...notify, 'Query'] as const;

// Partial: looked up by any handler's name, and a handler may have no entry (needsOf refuses it).
export const needs: Readonly<Partial<Record<string, Needs>>> = {
  'identity/handlers/check-auth': { table: read },
  'identity/handlers/current-user': { table: readQuery, indexes: ['gsi1'] },
  'identity/handlers/refresh-token': { table: ['GetItem', 'UpdateItem', 'DeleteItem'], push: true },
  'identity/handlers/logout-user': { table: ['GetItem', 'UpdateItem', 'DeleteItem'], push: true },
  // The profile's streak is derived from the user's bets (Query BET#).
  'identity/handlers/get-by-id': { table: readQuery },
  // A rename renews the user's search index items (USEARCH#<trigram>, sk USER#<id>) in its transaction.
  'identity/handlers/update-user': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], writes: ['USER#', 'USEARCH#'] },
  'identity/handlers/update-avatar': { table: update, avatars: ['PutObject', 'DeleteObject'], writes: ['USER#'] },
  'identity/handlers/update-password': { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'], push: true },
  'identity/handlers/create-user': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  'identity/handlers/create-email-verification': { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
  'identity/handlers/check-otp-creation': { table: read },
  'identity/handlers/verify-email': { table: notify, push: true },
  'identity/handlers/login-user': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] },
  'identity/handlers/create-otp': { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
  'identity/handlers/check-otp': { table: update },
  'identity/handlers/reset-password': { table: ['GetItem', 'PutItem', 'Query', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'], push: true },
  'notifications/handlers/notification-list': { table: readQuery, indexes: ['gsi1'] },
  'notifications/handlers/push-public-key': { table: read, vapid: true },
  'notifications/handlers/push-subscribe': { table: ['GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#'] },
  'notifications/handlers/push-unsubscribe': { table: ['GetItem', 'DeleteItem', 'UpdateItem'], writes: ['USER#'] },
  'notifications/handlers/push-devices': { table: readQuery },
  'reminders/handlers/tournament-reminder': { table: read },
  'reminders/handlers/tournament-reminder-on': { table: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] },
  'reminders/handlers/tournament-reminder-off': { table: ['GetItem', 'DeleteItem', 'UpdateItem'] },
  // The table stream's one consumer: reminders (schedules, a tournament's bettors), Web Push, live cards, the crowd split.
  'stream/handlers/table-stream': { table: ['GetItem', 'BatchGetItem', 'Query', 'BatchWriteItem', 'PutItem', 'UpdateItem', 'DeleteItem'], push: true, vapid: true, schedules: true, sends: ['crowd'] },
  'reminders/handlers/send-reminder': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'], vapid: true },
  'notifications/handlers/notification-read': { table: update, writes: ['USER#'] },
  'notifications/handlers/notification-read-all': { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'], writes: ['USER#'] },
  'catalog/handlers/tournament-list': { table: readQuery, indexes: ['gsi1'] },
  'catalog/handlers/event-list': { table: readList, indexes: ['gsi1'] },
  'catalog/handlers/get-match': { table: ['GetItem', 'BatchGetItem'] },
  'community/handlers/team-leaderboard': { table: readQuery, indexes: ['gsi1', 'gsi2'] },
  'community/handlers/bettor-leaderboard': { table: readQuery, indexes: ['gsi2'] },
  'community/handlers/hostel-leaderboard': { table: readList },
  // One transaction of the bettor's items with ConditionChecks of its session and a gate; the gates made to follow their event when found behind it.
  'betting/handlers/create-new': { table: ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#', 'GATE#'], checks: ['SESSION#'] },
  'betting/handlers/create-transaction': { table: update, writes: ['USER#'] },
  'betting/handlers/get-bet': { table: read },
  'betting/handlers/get-betlist': { table: readList },
  'live/handlers/my-bets': { table: readQuery },
  'wallet/handlers/get-wallet': { table: read },
  'wallet/handlers/claim-allowance': { table: ['GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#'] },
  // The request tells the operators (the roster's Query; their notices, posted to their sockets).
  'wallet/handlers/create-withdraw': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], push: true, writes: ownAndConnections },
  'wallet/handlers/withdraw-history': { table: readQuery },
  'wallet/handlers/ledger': { table: readQuery },
  'catalog/handlers/create-tournament': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'catalog/handlers/update-tournament': { table: update },
  // A tournament's team: its roster read for a name that looks the same (shared/names.ts).
  'catalog/handlers/create-team': { table: ['GetItem', 'Query', 'PutItem', 'ConditionCheckItem'], indexes: ['gsi1'] },
  'catalog/handlers/update-team': { table: [...update, 'Query'], indexes: ['gsi1'] },
  'catalog/handlers/remove-team': { table: ['GetItem', 'Query', 'DeleteItem'], indexes: ['gsi1'] },
  'catalog/handlers/tournament-teams': { table: readQuery, indexes: ['gsi1'] },
  // Every match of the tournament (waiting knockout ones too) and the names of the teams already through to those.
  'catalog/handlers/tournament-events': { table: readList, indexes: ['gsi1'] },
  'catalog/handlers/bulk-teams': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'ConditionCheckItem'], indexes: ['gsi1'] },
  'catalog/handlers/bulk-fixtures': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], indexes: ['gsi1'] },
  'catalog/handlers/publish-format': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], indexes: ['gsi1'] },
  'catalog/handlers/tournament-shape': { table: ['GetItem', 'BatchGetItem', 'Query'], indexes: ['gsi1'] },
  'catalog/handlers/create-event': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] },
  // A match's edits and deletion look for its bets in both bets indexes (bets.eventHasBets).
  'catalog/handlers/get-event': { table: readQuery, indexes: ['gsi1', 'gsi2'] },
  'catalog/handlers/update-event': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['gsi1', 'gsi2'] },
  'catalog/handlers/create-scorer-link': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem'], indexes: ['gsi1'] },
  'catalog/handlers/list-scorer-links': { table: ['GetItem', 'Query'], indexes: ['gsi1'] },
  'catalog/handlers/revoke-scorer-link': { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] },
  'catalog/handlers/scorer-matches': { table: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] },
  'catalog/handlers/scorer-score': { table: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
  'catalog/handlers/scorer-end': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], schedules: true },
  'settlement/handlers/confirm-provisional-result': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], sends: ['settlement'] },
  'settlement/handlers/dispute-provisional-result': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'settlement/handlers/confirm-result-on-time': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], sends: ['settlement'] },
  'catalog/handlers/live-score': { table: ['GetItem', 'UpdateItem'] },
  'catalog/handlers/postpone-event': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'], push: true },
  'catalog/handlers/delete-event': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'] },
  // A result on a replaced match names the match in its place, with its teams.
  'settlement/handlers/declare-result': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], sends: ['settlement'] },
  'settlement/handlers/correct-result': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['gsi1'], sends: ['settlement'] },
  'exports/handlers/start-export': { table: ['GetItem', 'PutItem'], sends: ['export'] },
  'exports/handlers/export-status': { table: read, exports: ['GetObject'] },
  'catalog/handlers/event-audit': { table: readQuery },
  'catalog/handlers/list-organisers': { table: readQuery },
  'catalog/handlers/add-organiser': { table: ['GetItem', 'PutItem', 'ConditionCheckItem'] },
  'catalog/handlers/remove-organiser': { table: ['GetItem', 'Query', 'DeleteItem'] },
  'wallet/handlers/credit-user': { table: notify, push: true },
  'wallet/handlers/reverse-prize': { table: notify, push: true },
  // A user newly allowed is told (a notice, posted to their open sockets; a gone socket's record is deleted).
  'catalog/handlers/set-tournament-creator': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], push: true },
  // The name index (gsi1) and the search index's partitions (USEARCH#…, Queries on the table): never a Scan.
  'identity/handlers/find-users': { table: readList, indexes: ['gsi1'] },
  'wallet/handlers/user-account': { table: readQuery },
  'wallet/handlers/user-ledger': { table: readQuery },
  'betting/handlers/user-bets': { table: readList },
  'wallet/handlers/list-withdrawals': { table: readList, indexes: ['gsi1'] },
  'wallet/handlers/decide-withdrawal': { table: settle, indexes: ['gsi2'], push: true },
  'community/handlers/create-group': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'community/handlers/join': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'community/handlers/leave': { table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] },
  'community/handlers/my-groups': { table: readList },
  'community/handlers/leaderboard': { table: readList },
  'community/handlers/group-picks': { table: readList },
  'community/handlers/rotate-invite': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  'community/handlers/invite': { table: read },
  'community/handlers/get-hostels': { table: ['GetItem', 'BatchGetItem'] },
  'community/handlers/set-hostels': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem'], indexes: ['gsi1'] },
  // The cup pool: a stake is a bet's twin (the bettor's own items, a notice when it is refunded as it arrives).
  'pools/handlers/tournament-pool': { table: ['GetItem', 'BatchGetItem'] },
  'pools/handlers/place-stake': { table: notify, push: true, writes: ownAndConnections },
  'pools/handlers/my-stakes': { table: readQuery },
  'pools/handlers/group-picks': { table: readList },
  'pools/handlers/pool-settings': { table: ['GetItem', 'BatchGetItem', 'UpdateItem'], sends: ['settlement'] },
  'identity/handlers/connect': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], writes: ownAndConnections, checks: ['SESSION#'] },
  'notifications/handlers/disconnect': { table: ['GetItem', 'UpdateItem', 'DeleteItem'], writes: connectionAndWatches },
  'notifications/handlers/join': { table: read },
  'live/handlers/watch': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['gsi1'], writes: ['CONN#', 'WATCH#'] },
  'live/handlers/crowd-broadcast': { table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'], push: true, sends: ['crowd'] },
  'settlement/handlers/settle-event': { table: settle, indexes: ['gsi1', 'gsi2'], push: true, sends: ['settlement'] },
  'exports/handlers/export-tournament': { table: [...readList, 'UpdateItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'], exports: ['AbortMultipartUpload', 'PutObject'] },
};

/** The entry of a handler; throws for one without (the synth fails rather than deploy it ungranted). */
export function needsOf(handler: string): Needs {
  const entry = needs[handler];
  if (!entry) throw new Error(`infra/needs.ts has no entry for handler "${handler}"`);
  return entry;
}
