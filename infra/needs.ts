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
  /** Signs Web Push requests: reads the VAPID seed secret (functions/lib/push-config.ts). */
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
}

/** A user's items (`USER#<id>`), a WebSocket connection's record (`CONN#<connectionId>`) and its watches (`WATCH#<tournamentId>`). */
export type KeyFamily = 'USER#' | 'CONN#' | 'WATCH#';
/** The user's items and connection records: a connection's own, or those a push finds gone or of an ended session. */
const ownAndConnections = ['USER#', 'CONN#'] as const;
/** The same and the connection's watches, which go with it. */
const connectionAndWatches = [...ownAndConnections, 'WATCH#'] as const;

const read = ['GetItem'] as const;
const readQuery = ['GetItem', 'Query'] as const;
const readList = ['GetItem', 'BatchGetItem', 'Query'] as const;
const update = ['GetItem', 'UpdateItem'] as const;
const create = ['GetItem', 'PutItem'] as const;
const settle = ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] as const;

export const needs: Readonly<Record<string, Needs>> = {
  'user/check-auth': { table: read },
  'user/current-user': { table: readQuery, indexes: ['gsi1'] },
  'user/refresh-token': { table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'], push: true },
  'user/logout-user': { table: ['GetItem', 'Query', 'DeleteItem'], push: true },
  'user/get-by-id': { table: read },
  'user/update-user': { table: update, writes: ['USER#'] },
  'user/update-avatar': { table: update, avatars: ['PutObject', 'DeleteObject'], writes: ['USER#'] },
  'user/update-password': { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'], push: true },
  'user/create-user': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  'user/create-email-verification': { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
  'user/check-otp-creation': { table: read },
  'user/verify-email': { table: settle, push: true },
  'user/login-user': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] },
  'user/create-otp': { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
  'user/check-otp': { table: update },
  'user/reset-password': { table: ['GetItem', 'PutItem', 'Query', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'], push: true },
  'user/notification-list': { table: readQuery, indexes: ['gsi1'] },
  'user/push-public-key': { table: read, vapid: true },
  'user/push-subscribe': { table: ['GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#'] },
  'user/push-unsubscribe': { table: ['GetItem', 'DeleteItem', 'UpdateItem'], writes: ['USER#'] },
  'user/push-devices': { table: readQuery },
  'user/tournament-reminder': { table: read },
  'user/tournament-reminder-on': { table: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] },
  'user/tournament-reminder-off': { table: ['GetItem', 'DeleteItem', 'UpdateItem'] },
  // The table stream's one consumer: reminders (schedules, a tournament's bettors), Web Push, live cards, the crowd split.
  'worker/table-stream': { table: ['GetItem', 'BatchGetItem', 'Query', 'BatchWriteItem', 'UpdateItem', 'DeleteItem'], push: true, vapid: true, schedules: true, sends: ['crowd'] },
  'worker/send-reminder': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'], vapid: true },
  'user/notification-read': { table: update, writes: ['USER#'] },
  'user/notification-read-all': { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'], writes: ['USER#'] },
  'game/tournament-list': { table: readQuery, indexes: ['gsi1'] },
  'game/event-list': { table: readList, indexes: ['gsi1'] },
  'game/team-leaderboard': { table: readQuery, indexes: ['gsi2'] },
  'game/bettor-leaderboard': { table: readQuery, indexes: ['gsi2'] },
  'game/hostel-leaderboard': { table: readList },
  'bet/create-new': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], push: true, writes: ownAndConnections },
  'bet/create-transaction': { table: update, writes: ['USER#'] },
  'bet/get-bet': { table: read },
  'bet/get-betlist': { table: readList },
  'bet/my-bets': { table: readQuery },
  'wallet/get-wallet': { table: read },
  'wallet/claim-allowance': { table: ['GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#'] },
  'wallet/create-withdraw': { table: ['GetItem', 'PutItem', 'UpdateItem'], writes: ['USER#'] },
  'wallet/withdraw-history': { table: readQuery },
  'wallet/ledger': { table: readQuery },
  'admin/create-tournament': { table: create },
  'admin/update-tournament': { table: update },
  'admin/create-team': { table: ['GetItem', 'PutItem', 'ConditionCheckItem'] },
  'admin/update-team': { table: update },
  'admin/create-event': { table: ['GetItem', 'BatchGetItem', 'PutItem', 'ConditionCheckItem'] },
  'admin/update-event': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'admin/declare-result': { table: ['GetItem', 'PutItem', 'UpdateItem'], sends: ['settlement'] },
  'admin/correct-result': { table: ['GetItem', 'PutItem', 'UpdateItem'], sends: ['settlement'] },
  'admin/start-export': { table: ['GetItem', 'PutItem'], sends: ['export'] },
  'admin/export-status': { table: read, exports: ['GetObject'] },
  'admin/event-audit': { table: readQuery },
  'admin/list-organisers': { table: readQuery },
  'admin/add-organiser': { table: ['GetItem', 'PutItem', 'ConditionCheckItem'] },
  'admin/remove-organiser': { table: ['GetItem', 'DeleteItem'] },
  'admin/credit-user': { table: settle, push: true },
  'admin/find-users': { table: readList, indexes: ['gsi1'] },
  'admin/list-withdrawals': { table: readList, indexes: ['gsi1'] },
  'admin/decide-withdrawal': { table: settle, indexes: ['gsi2'], push: true },
  'group/create-group': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'group/join': { table: ['GetItem', 'PutItem', 'UpdateItem'] },
  'group/leave': { table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] },
  'group/my-groups': { table: readList },
  'group/leaderboard': { table: readList },
  'group/rotate-invite': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  'admin/get-hostels': { table: ['GetItem', 'BatchGetItem'] },
  'admin/set-hostels': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem'], indexes: ['gsi1'] },
  'ws/connect': { table: ['GetItem', 'PutItem', 'DeleteItem'], writes: ownAndConnections },
  'ws/disconnect': { table: ['GetItem', 'DeleteItem'], writes: connectionAndWatches },
  'ws/join': { table: read },
  'ws/watch': { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['gsi1'], writes: ['CONN#', 'WATCH#'] },
  'worker/crowd-broadcast': { table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'], push: true, sends: ['crowd'] },
  'worker/settle-event': { table: [...settle, 'BatchGetItem'], indexes: ['gsi1', 'gsi2'], push: true, sends: ['settlement'] },
  'worker/export-tournament': { table: [...readList, 'UpdateItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'], exports: ['AbortMultipartUpload', 'PutObject'] },
};

/** The entry of a handler; throws for one without (the synth fails rather than deploy it ungranted). */
export function needsOf(handler: string): Needs {
  const entry = needs[handler];
  if (!entry) throw new Error(`infra/needs.ts has no entry for handler "${handler}"`);
  return entry;
}
