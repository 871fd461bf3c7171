// ops dead-letters / redrive: the work that failed MAX_RECEIVE_COUNT times (shared/queue-settings.ts) and
// was moved to a dead-letter queue; the same SQS calls for the stack's queue and the local cloud's.
// The queue is DEAD_LETTER_QUEUE_URL (the stack's output <queue>DeadLettersUrl, or the local cloud's, as
// its start banner prints it); the SQS endpoint, region and credentials are the AWS SDK's own variables.
import { GetQueueAttributesCommand, ListMessageMoveTasksCommand, ReceiveMessageCommand, SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { setTimeout as sleep } from 'node:timers/promises';

/** ReceiveMessage's most per call: the listing shows that many, with the total. */
const SHOWN = 10;
const BODY_CHARS = 300;
const REDRIVE_WAIT_MS = 60_000;

function deadLetterQueueUrl(): string {
  const url = process.env.DEAD_LETTER_QUEUE_URL;
  if (!url) throw new Error('DEAD_LETTER_QUEUE_URL is not set: the stack output <queue>DeadLettersUrl, or the local cloud\'s (its start banner)');
  return url;
}

async function queueState(sqs: SQSClient, url: string) {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn', 'ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return { arn: Attributes.QueueArn!, visible: Number(Attributes.ApproximateNumberOfMessages ?? 0), hidden: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) };
}

/** Prints how many messages the dead-letter queue holds and up to ten of them; exits 1 when it holds any. */
export async function listDeadLetters(): Promise<number> {
  const url = deadLetterQueueUrl();
  const sqs = new SQSClient({});
  try {
    const state = await queueState(sqs, url);
    const total = state.visible + state.hidden;
    console.log(`Dead letters: ${total} in ${state.arn}${state.hidden ? ` (${state.hidden} being read right now)` : ''}`);
    if (total === 0) return 0;
    // VisibilityTimeout 0: reading them leaves them where they are, visible to a redrive.
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: SHOWN, VisibilityTimeout: 0, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
    );
    for (const message of Messages) {
      const sent = new Date(Number(message.Attributes?.SentTimestamp ?? 0)).toISOString();
      console.log(`- ${message.MessageId} sent ${sent}, received ${message.Attributes?.ApproximateReceiveCount ?? '?'} times: ${(message.Body ?? '').slice(0, BODY_CHARS)}`);
    }
    if (Messages.length < total) console.log(`(${Messages.length} of ${total} shown)`);
    return 1;
  } finally {
    sqs.destroy();
  }
}

/** Moves every dead letter back to the queue it came from (SQS's message move task), and waits for it to finish. */
export async function redrive(): Promise<number> {
  const url = deadLetterQueueUrl();
  const sqs = new SQSClient({});
  try {
    const { arn } = await queueState(sqs, url);
    const { TaskHandle } = await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: arn }));
    for (const deadline = Date.now() + REDRIVE_WAIT_MS; ; await sleep(1_000)) {
      const { Results = [] } = await sqs.send(new ListMessageMoveTasksCommand({ SourceArn: arn, MaxResults: 1 }));
      const task = Results.find((result) => result.TaskHandle === TaskHandle) ?? Results.at(0);
      if (task && task.Status !== 'RUNNING') {
        console.log(`Redrive ${task.Status?.toLowerCase()}: ${task.ApproximateNumberOfMessagesMoved ?? 0} message(s) moved back from ${arn}${task.FailureReason ? ` (${task.FailureReason})` : ''}`);
        return task.Status === 'COMPLETED' ? 0 : 1;
      }
      if (Date.now() > deadline) {
        console.log(`Redrive still running after ${REDRIVE_WAIT_MS / 1000} s (task ${TaskHandle}); it goes on without this command`);
        return 0;
      }
    }
  } finally {
    sqs.destroy();
  }
}
