// The work queues' settings, defined once: the stack's SQS queues and event source mappings
// (constructs/queue-worker.ts) and the local queue (local/queue.ts) both read them, so a message is
// delivered, retried and dead-lettered locally as it is in the cloud.

/** Records per worker invocation: one message, a whole event's settlement. */
export const WORKER_BATCH_SIZE = 1;
/**
 * How long a received message stays hidden, for a worker with this timeout (each queue's is in the
 * manifest, shared/routes.ts): six times it, as the Lambda and SQS guides advise for a queue that feeds
 * a function. A message whose worker failed, or was cut off, is delivered again once this has passed.
 */
export const visibilityTimeoutSeconds = (workerTimeoutSeconds: number) => 6 * workerTimeoutSeconds;
/**
 * How long a message its worker failed stays hidden before its next delivery, after its `receiveCount`th:
 * 5, 15, 45 then 135 seconds, each with up to a fifth more at random (failures of one cause, a table
 * throttled for a moment, spread out). The worker sets it (ChangeMessageVisibility) as it reports the
 * failure: the visibility timeout above must outlast a worker's run, so it is minutes, and a settlement
 * waiting minutes keeps winners from staking what they won on the next match.
 */
export function redeliveryDelaySeconds(receiveCount: number, random = Math.random()): number {
  const base = REDELIVERY_FIRST_SECONDS * REDELIVERY_GROWTH ** Math.max(0, receiveCount - 1);
  return Math.round(base * (1 + random / 5));
}
const REDELIVERY_FIRST_SECONDS = 5;
const REDELIVERY_GROWTH = 3;
/** Deliveries before a message moves to the dead-letter queue (settlement is idempotent: retrying is safe). */
export const MAX_RECEIVE_COUNT = 5;
/** How long the dead-letter queue keeps a message: SQS's longest, time to look and redrive. */
export const DEAD_LETTER_RETENTION_DAYS = 14;

/** The local name of a queue's dead-letter queue (the stack's are named by CloudFormation). */
export const deadLetterQueueName = (queue: string) => `${queue}-dead-letters`;
