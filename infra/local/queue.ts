// The local SQS at /_local/sqs, in the AWS JSON 1.0 protocol that @aws-sdk/client-sqs speaks
// (x-amz-target: AmazonSQS.<action>), for the queues of the manifest (shared/routes.ts) and a
// dead-letter queue for each. It behaves as the stack's queues do, with the same settings
// (shared/queue-settings.ts, and each queue's worker timeout from the manifest): a message goes to its
// worker in batches of WORKER_BATCH_SIZE, in a process of its own (worker-process.ts) as a Lambda function
// runs apart from the API; the worker is cut off at its queue's timeout; a message it failed is delivered again once the visibility timeout has passed, and after
// MAX_RECEIVE_COUNT deliveries it moves to the dead-letter queue, where `npm run ops -- dead-letters`
// lists it and `npm run ops -- redrive` moves it back, as they do with the stack's.
// Actions: SendMessage (with DelaySeconds) on a work queue; ChangeMessageVisibility of a message its worker
// holds (a worker bringing a failure back sooner, platform/queue-worker.ts); GetQueueAttributes on any;
// ReceiveMessage, StartMessageMoveTask and ListMessageMoveTasks on a dead-letter queue (a work queue is read
// by its worker). A queue is named by its local URL, its ARN or its URL in AWS's form (platform/queue.ts).
// Messages stay in $DATA_DIR/queue.json until their worker succeeds, so a restarted local cloud delivers
// whatever was left.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDef as ManifestQueue } from '../../shared/routes.ts';
import { deadLetterQueueName, MAX_RECEIVE_COUNT, visibilityTimeoutSeconds, WORKER_BATCH_SIZE } from '../../shared/queue-settings.ts';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION, SQS_PREFIX } from './env.ts';
import { readBody, sendJson } from './http-util.ts';
import { WorkerProcess } from './worker-process.ts';

/** A manifest queue: its worker, and the worker's timeout (the visibility timeout follows from it). */
export type QueueDef = Pick<ManifestQueue, 'name' | 'handler' | 'timeoutSeconds'>;

/** Tests shorten the visibility timeout of every queue, to retry at once (default: the stack's, per queue). */
export interface QueueTiming {
  visibilityTimeoutMs?: number;
}

interface StoredMessage {
  /** The queue that holds it now: a work queue, or its dead-letter queue. */
  queue: string;
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** SendMessage's DelaySeconds: not delivered before this time. */
  delayedUntil?: number;
}

interface MoveTask {
  TaskHandle: string;
  SourceArn: string;
  Status: 'COMPLETED';
  ApproximateNumberOfMessagesMoved: number;
  ApproximateNumberOfMessagesToMove: number;
  StartedTimestamp: number;
}

/** SQS's own limits. */
const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_DELAY_SECONDS = 900;
const MAX_RECEIVE_MESSAGES = 10;
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;
/** A queue's default visibility timeout in SQS: what the dead-letter queues have. */
const DEFAULT_VISIBILITY_SECONDS = 30;
const JSON_1_0 = 'application/x-amz-json-1.0';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const arnOf = (queue: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${queue}`;
const awsUrlOf = (queue: string) => `https://sqs.${LOCAL_REGION}.amazonaws.com/${LOCAL_ACCOUNT_ID}/${queue}`;

class QueueError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}
const invalid = (message: string) => new QueueError('InvalidParameterValue', 'InvalidParameterValue', message);
const noSuchQueue = () => new QueueError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');

type Input = Record<string, unknown>;

export class LocalQueues {
  /** When each message may be delivered (or received) next; absent while it is with its worker. */
  private readonly visibleAt = new Map<string, number>();
  /** The receipt handle of each message's delivery in progress, which ChangeMessageVisibility names it by. */
  private readonly receipts = new Map<string, string>();
  /** When a message its worker holds may come back, if the worker said so (ChangeMessageVisibility). */
  private readonly hiddenUntil = new Map<string, number>();
  private readonly moveTasks: MoveTask[] = [];
  private timer?: NodeJS.Timeout;
  private saving = Promise.resolve();
  private closed = false;
  /** Where the workers run; a batch whose process dies is delivered again. */
  readonly workers = new WorkerProcess('queues');

  private constructor(
    private readonly file: string,
    private readonly queues: readonly QueueDef[],
    private readonly messages: StoredMessage[],
    private readonly timing: QueueTiming,
  ) {
    for (const message of messages) this.visibleAt.set(message.messageId, Math.max(Date.now(), message.delayedUntil ?? 0));
  }

  /** Opens the queues persisted in `file` and starts delivering what they hold. */
  static async open(file: string, queues: readonly QueueDef[], timing: QueueTiming = {}): Promise<LocalQueues> {
    const saved = await readFile(file, 'utf8').catch(() => '[]');
    let messages: StoredMessage[] = [];
    try {
      messages = JSON.parse(saved) as StoredMessage[];
    } catch {
      console.warn(`[queue] ${file} is not valid JSON; starting with empty queues`);
    }
    const localQueues = new LocalQueues(file, queues, messages, timing);
    localQueues.schedule();
    return localQueues;
  }

  /** Serves POST /_local/sqs (the SDK posts to the endpoint's path). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const action = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
    const body = await readBody(req, MAX_MESSAGE_BYTES + 4096).catch(() => undefined);
    try {
      const act = req.method === 'POST' ? this.actions[action] : undefined;
      if (!act) throw new QueueError('InvalidAction', 'AWS.SimpleQueueService.InvalidAction', `The local SQS does not support ${action || 'this request'}`);
      let input: Input;
      try {
        input = JSON.parse(body?.toString('utf8') ?? '') as Input;
      } catch {
        throw invalid('The request body is not JSON');
      }
      sendJson(res, 200, await act(input), { 'content-type': JSON_1_0 });
    } catch (error) {
      if (!(error instanceof QueueError)) throw error;
      // AWS JSON 1.0 errors; SQS's query-compatible clients also read the code from x-amzn-query-error.
      sendJson(res, 400, { __type: `com.amazonaws.sqs#${error.type}`, message: error.message }, { 'content-type': JSON_1_0, 'x-amzn-query-error': `${error.queryCode};Sender` });
    }
  }

  /** Stops delivering; undelivered messages stay in the file for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.workers.close();
    await this.saving;
  }

  private readonly actions: Record<string, (input: Input) => Promise<object>> = {
    SendMessage: async (input) => {
      const queue = this.workQueue(this.queueNameOf(input.QueueUrl));
      if (typeof input.MessageBody !== 'string' || input.MessageBody === '' || Buffer.byteLength(input.MessageBody) > MAX_MESSAGE_BYTES) {
        throw invalid('MessageBody must be a string of 1 byte to 256 KiB');
      }
      const delaySeconds: unknown = input.DelaySeconds ?? 0;
      if (typeof delaySeconds !== 'number' || !Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > MAX_DELAY_SECONDS) {
        throw invalid(`DelaySeconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}`);
      }
      const sentAt = Date.now();
      const delayedUntil = sentAt + delaySeconds * 1000;
      const message: StoredMessage = { queue: queue.name, messageId: randomUUID(), body: input.MessageBody, sentAt, receiveCount: 0, ...(delaySeconds ? { delayedUntil } : {}) };
      this.messages.push(message);
      this.visibleAt.set(message.messageId, delayedUntil);
      await this.save(); // durable before it is acknowledged
      this.schedule();
      return { MessageId: message.messageId, MD5OfMessageBody: md5(message.body) };
    },

    /** SQS's: the message with this receipt handle stays hidden `VisibilityTimeout` seconds from now. */
    ChangeMessageVisibility: (input) => {
      const name = this.queueNameOf(input.QueueUrl);
      const seconds = input.VisibilityTimeout;
      if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_VISIBILITY_SECONDS) {
        throw invalid(`VisibilityTimeout must be a whole number from 0 to ${MAX_VISIBILITY_SECONDS}`);
      }
      const messageId = typeof input.ReceiptHandle === 'string' ? this.receipts.get(input.ReceiptHandle) : undefined;
      const message = this.messages.find((m) => m.messageId === messageId && m.queue === name);
      if (!message) throw new QueueError('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 'The receipt handle is not that of a message in flight');
      // A test's shortened visibility timeout shortens this too: it stands for every wait of the queue.
      const ms = Math.min(seconds * 1000, this.timing.visibilityTimeoutMs ?? Infinity);
      this.hiddenUntil.set(message.messageId, Date.now() + ms);
      return Promise.resolve({});
    },

    // Synchronous: a QueueError thrown here reaches handle's catch as a rejection would.
    GetQueueAttributes: (input) => {
      const name = this.queueNameOf(input.QueueUrl);
      const now = Date.now();
      const held = this.messages.filter((m) => m.queue === name);
      const visible = held.filter((m) => (this.visibleAt.get(m.messageId) ?? Infinity) <= now);
      const work = this.queues.find((q) => q.name === name);
      const attributes: Record<string, string> = {
        QueueArn: arnOf(name),
        ApproximateNumberOfMessages: String(visible.length),
        ApproximateNumberOfMessagesNotVisible: String(held.length - visible.length),
        VisibilityTimeout: String(work ? this.visibilityTimeoutMs(work) / 1000 : DEFAULT_VISIBILITY_SECONDS),
        ...(work ? { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arnOf(deadLetterQueueName(name)), maxReceiveCount: MAX_RECEIVE_COUNT }) } : {}),
      };
      const wanted = Array.isArray(input.AttributeNames) && !input.AttributeNames.includes('All') ? (input.AttributeNames as string[]) : Object.keys(attributes);
      return Promise.resolve({ Attributes: Object.fromEntries(Object.entries(attributes).filter(([key]) => wanted.includes(key))) });
    },

    ReceiveMessage: async (input) => {
      const name = this.deadLetterQueue(this.queueNameOf(input.QueueUrl));
      const max = input.MaxNumberOfMessages ?? 1;
      if (!Number.isInteger(max) || (max as number) < 1 || (max as number) > MAX_RECEIVE_MESSAGES) throw invalid(`MaxNumberOfMessages must be 1 to ${MAX_RECEIVE_MESSAGES}`);
      const hideSeconds = input.VisibilityTimeout ?? DEFAULT_VISIBILITY_SECONDS;
      if (!Number.isInteger(hideSeconds) || (hideSeconds as number) < 0) throw invalid('VisibilityTimeout must be a whole number of seconds');
      const now = Date.now();
      const received = this.messages.filter((m) => m.queue === name && (this.visibleAt.get(m.messageId) ?? Infinity) <= now).slice(0, max as number);
      for (const message of received) {
        message.receiveCount++;
        message.firstReceivedAt ??= now;
        this.visibleAt.set(message.messageId, now + (hideSeconds as number) * 1000);
      }
      if (received.length) await this.save();
      return {
        Messages: received.map((message) => {
          const { receiptHandle, body, md5OfBody, attributes } = sqsRecord(message);
          return { MessageId: message.messageId, ReceiptHandle: receiptHandle, MD5OfBody: md5OfBody, Body: body, Attributes: attributes };
        }),
      };
    },

    /** Moves every message of a dead-letter queue back to its work queue, at once. */
    StartMessageMoveTask: async (input) => {
      const name = this.deadLetterQueue(this.queueNameOf(input.SourceArn));
      const source = this.queues.find((q) => deadLetterQueueName(q.name) === name)!;
      if (input.DestinationArn !== undefined && input.DestinationArn !== arnOf(source.name)) throw invalid('DestinationArn must be the queue this dead-letter queue serves');
      const now = Date.now();
      const moved = this.messages.filter((m) => m.queue === name);
      for (const message of moved) {
        Object.assign(message, { queue: source.name, receiveCount: 0, firstReceivedAt: undefined });
        this.visibleAt.set(message.messageId, now);
      }
      const task: MoveTask = {
        TaskHandle: randomUUID(),
        SourceArn: arnOf(name),
        Status: 'COMPLETED',
        ApproximateNumberOfMessagesMoved: moved.length,
        ApproximateNumberOfMessagesToMove: moved.length,
        StartedTimestamp: now,
      };
      this.moveTasks.unshift(task);
      await this.save();
      this.schedule();
      return { TaskHandle: task.TaskHandle };
    },

    ListMessageMoveTasks: (input) => {
      const arn = arnOf(this.deadLetterQueue(this.queueNameOf(input.SourceArn)));
      const max = typeof input.MaxResults === 'number' ? input.MaxResults : 1;
      return Promise.resolve({ Results: this.moveTasks.filter((task) => task.SourceArn === arn).slice(0, max) });
    },
  };

  /** How long a message its worker failed stays hidden: the test harness's, or six times the worker's timeout as in the stack. */
  private visibilityTimeoutMs(queue: QueueDef): number {
    return this.timing.visibilityTimeoutMs ?? visibilityTimeoutSeconds(queue.timeoutSeconds) * 1000;
  }

  /** The queue a QueueUrl (…/_local/sqs/<account>/<name>) or a queue ARN names. */
  private queueNameOf(urlOrArn: unknown): string {
    const names = this.queues.flatMap((q) => [q.name, deadLetterQueueName(q.name)]);
    const text = typeof urlOrArn === 'string' ? urlOrArn : '';
    const name = names.find((n) => text.endsWith(`${SQS_PREFIX}/${LOCAL_ACCOUNT_ID}/${n}`) || text === arnOf(n) || text === awsUrlOf(n));
    if (!name) throw noSuchQueue();
    return name;
  }

  private workQueue(name: string): QueueDef {
    const queue = this.queues.find((q) => q.name === name);
    if (!queue) throw invalid('The local SQS takes new messages only on a work queue, not on a dead-letter queue');
    return queue;
  }

  private deadLetterQueue(name: string): string {
    if (this.queues.some((q) => q.name === name)) throw invalid('The local SQS hands a work queue to its worker: only a dead-letter queue can be read or redriven');
    return name;
  }

  /**
   * Delivers every visible message of the work queues now, or moves it to the dead-letter queue if it
   * was delivered MAX_RECEIVE_COUNT times already, and wakes up for the next one to become visible.
   */
  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    const now = Date.now();
    let next = Infinity;
    for (const queue of this.queues) {
      const ready: StoredMessage[] = [];
      for (const message of this.messages.filter((m) => m.queue === queue.name)) {
        const visibleAt = this.visibleAt.get(message.messageId) ?? Infinity;
        if (visibleAt > now) next = Math.min(next, visibleAt);
        else if (message.receiveCount >= MAX_RECEIVE_COUNT) this.deadLetter(message);
        else ready.push(message);
      }
      for (let i = 0; i < ready.length; i += WORKER_BATCH_SIZE) void this.deliver(queue, ready.slice(i, i + WORKER_BATCH_SIZE));
    }
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.schedule(), Math.max(0, next - Date.now()));
  }

  private deadLetter(message: StoredMessage): void {
    console.error(`[queue] message ${message.messageId} failed ${message.receiveCount} times: moved to ${deadLetterQueueName(message.queue)}`);
    message.queue = deadLetterQueueName(message.queue);
    void this.save();
  }

  /** Runs the worker on a batch; what it did not report as failed is deleted, the rest hidden for the visibility timeout. */
  private async deliver(queue: QueueDef, batch: StoredMessage[]): Promise<void> {
    const now = Date.now();
    for (const message of batch) {
      this.visibleAt.delete(message.messageId);
      message.receiveCount++;
      message.firstReceivedAt ??= now;
    }
    let failed: Set<string>;
    try {
      const records = batch.map((message) => sqsRecord(message));
      for (const record of records) this.receipts.set(record.receiptHandle, record.messageId);
      const event: SQSEvent = { Records: records };
      const answer = (await this.workers.invoke(queue.handler, event, 128, queue.timeoutSeconds * 1000)) as SQSBatchResponse | undefined;
      failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      console.error(`[queue] functions/${queue.handler} failed; its batch will be delivered again:`, error);
      failed = new Set(batch.map((message) => message.messageId));
    }
    for (const [handle, messageId] of this.receipts) if (batch.some((message) => message.messageId === messageId)) this.receipts.delete(handle);
    if (this.closed) return;
    for (const message of batch) {
      const hiddenUntil = this.hiddenUntil.get(message.messageId);
      this.hiddenUntil.delete(message.messageId);
      if (failed.has(message.messageId)) this.visibleAt.set(message.messageId, hiddenUntil ?? Date.now() + this.visibilityTimeoutMs(queue));
      else this.messages.splice(this.messages.indexOf(message), 1);
    }
    await this.save();
    this.schedule();
  }

  /** Writes the file whole and renames it into place, so a kill mid-write never leaves half a file. */
  private save(): Promise<void> {
    const snapshot = JSON.stringify(this.messages, null, 2);
    const temporary = `${this.file}.tmp`;
    this.saving = this.saving.then(async () => {
      await writeFile(temporary, snapshot);
      await rename(temporary, this.file);
    });
    return this.saving;
  }
}

function sqsRecord(message: StoredMessage): SQSRecord {
  return {
    messageId: message.messageId,
    receiptHandle: randomUUID(),
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: LOCAL_ACCOUNT_ID,
      ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
    },
    messageAttributes: {},
    md5OfBody: md5(message.body),
    eventSource: 'aws:sqs',
    eventSourceARN: arnOf(message.queue),
    awsRegion: LOCAL_REGION,
  };
}
