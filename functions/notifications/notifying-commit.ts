// A change committed with the notices it gives (one transaction), then the notices posted to their users' sockets.
import type { TaskPool } from '#functions/platform/concurrency.ts';
import { type TransactItem, transactWrite, transactWriteUnless } from '#functions/platform/dynamodb.ts';
import * as notifications from '#functions/data/notifications.ts';
import type { Notice } from './notice-texts.ts';
import { postNoticesToSockets } from './socket-notices.ts';

export interface CommitOptions {
  /** Posts the notices to the sockets through this pool, so a batch (settlement) does not wait for them. */
  socketPosts?: TaskPool;
  /** Runs before each retry of a transaction that lost a race; it may end them by throwing (platform/dynamodb.ts transactWriteUnless). */
  beforeRetry?: () => Promise<void>;
}

/**
 * Commits `items` and the notices in ONE TransactWrite (the notices' items last, so the indexes of
 * `items` still read the cancellation reasons), then posts them to the users' sockets: at once, or through `socketPosts`.
 */
export async function commitNotifying(items: TransactItem[], notices: Notice[], { socketPosts, beforeRetry }: CommitOptions = {}): Promise<void> {
  const all = [...items, ...notices.flatMap(notifications.newNotificationItems)];
  await (beforeRetry ? transactWriteUnless(all, beforeRetry) : transactWrite(all));
  // The notices of one commit go out together: their users' sockets are read in one batch.
  if (socketPosts) socketPosts.add(() => postNoticesToSockets(notices));
  else await postNoticesToSockets(notices);
}
