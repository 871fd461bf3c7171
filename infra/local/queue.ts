// The local SQS at /_local/sqs: SendMessage (with DelaySeconds) in the AWS JSON 1.0 protocol that @aws-sdk/client-sqs
// speaks (x-amz-target: AmazonSQS.SendMessage), for the queues of the manifest (shared/routes.ts),
// each delivered to its worker as an SQS event, in a process of its own (worker-process.ts) as a Lambda
// function runs apart from the API. A message stays in
// $DATA_DIR/queue.json until its worker succeeds: a failed record is delivered again with backoff,
// and a restarted local cloud delivers whatever was left (as SQS does after the visibility timeout).
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION, SQS_PREFIX } from './env.ts';
import { readBody, sendJson } from './http-util.ts';
import { WorkerProcess } from './worker-process.ts';

export interface QueueDef {
  name: string;
  handler: string;
}

interface StoredMessage {
  queue: string;
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** SendMessage's DelaySeconds: not delivered before this time. */
  delayedUntil?: number;
}

/** SQS's own limits: 256 KiB a message, up to 10 records per worker invocation. */
const MAX_MESSAGE_BYTES = 256 * 1024;
const BATCH_SIZE = 10;
/** SendMessage's DelaySeconds, as SQS allows it. */
const MAX_DELAY_SECONDS = 900;
const RETRY_BASE_MS = 500;
const RETRY_CAP_MS = 30_000;
/** A worker's time budget (Lambda's maximum), instead of the HTTP integration's 30 s. */
const WORKER_TIMEOUT_MS = 15 * 60_000;
const JSON_1_0 = 'application/x-amz-json-1.0';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class LocalQueues {
  /** When each message may be delivered next; absent while it is with its worker. */
  private readonly visibleAt = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private saving = Promise.resolve();
  private closed = false;
  /** Where the workers run; a batch whose process dies is delivered again. */
  readonly workers = new WorkerProcess();

  private constructor(
    private readonly file: string,
    private readonly queues: readonly QueueDef[],
    private readonly messages: StoredMessage[],
  ) {
    for (const message of messages) this.visibleAt.set(message.messageId, Math.max(Date.now(), message.delayedUntil ?? 0));
  }

  /** Opens the queues persisted in `file` and starts delivering what they hold. */
  static async open(file: string, queues: readonly QueueDef[]): Promise<LocalQueues> {
    const saved = await readFile(file, 'utf8').catch(() => '[]');
    let messages: StoredMessage[] = [];
    try {
      messages = JSON.parse(saved) as StoredMessage[];
    } catch {
      console.warn(`[queue] ${file} is not valid JSON; starting with empty queues`);
    }
    const localQueues = new LocalQueues(file, queues, messages);
    localQueues.schedule();
    return localQueues;
  }

  /** Serves POST /_local/sqs (the SDK posts to the endpoint's path). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = await readBody(req, MAX_MESSAGE_BYTES + 4096).catch(() => undefined);
    if (req.method !== 'POST' || target !== 'AmazonSQS.SendMessage') {
      return awsError(res, 400, 'InvalidAction', 'AWS.SimpleQueueService.InvalidAction', 'The local SQS supports only SendMessage');
    }
    let input: { QueueUrl?: unknown; MessageBody?: unknown; DelaySeconds?: unknown };
    try {
      input = JSON.parse(body?.toString('utf8') ?? '') as typeof input;
    } catch {
      return awsError(res, 400, 'InvalidParameterValue', 'InvalidParameterValue', 'The request body is not JSON');
    }
    const queue = this.queues.find((q) => typeof input.QueueUrl === 'string' && input.QueueUrl.endsWith(`${SQS_PREFIX}/${LOCAL_ACCOUNT_ID}/${q.name}`));
    if (!queue) return awsError(res, 400, 'QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
    if (typeof input.MessageBody !== 'string' || input.MessageBody === '' || Buffer.byteLength(input.MessageBody) > MAX_MESSAGE_BYTES) {
      return awsError(res, 400, 'InvalidParameterValue', 'InvalidParameterValue', 'MessageBody must be a string of 1 byte to 256 KiB');
    }
    const delaySeconds = input.DelaySeconds ?? 0;
    if (!Number.isInteger(delaySeconds) || (delaySeconds as number) < 0 || (delaySeconds as number) > MAX_DELAY_SECONDS) {
      return awsError(res, 400, 'InvalidParameterValue', 'InvalidParameterValue', `DelaySeconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}`);
    }
    const sentAt = Date.now();
    const delayedUntil = sentAt + (delaySeconds as number) * 1000;
    const message: StoredMessage = { queue: queue.name, messageId: randomUUID(), body: input.MessageBody, sentAt, receiveCount: 0, ...(delaySeconds ? { delayedUntil } : {}) };
    this.messages.push(message);
    this.visibleAt.set(message.messageId, delayedUntil);
    await this.save(); // durable before it is acknowledged
    sendJson(res, 200, { MessageId: message.messageId, MD5OfMessageBody: md5(message.body) }, { 'content-type': JSON_1_0 });
    this.schedule();
  }

  /** Stops delivering; undelivered messages stay in the file for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.workers.close();
    await this.saving;
  }

  /** Delivers every visible message now and wakes up for the next one to become visible. */
  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    const now = Date.now();
    for (const queue of this.queues) {
      const ready = this.messages.filter((m) => m.queue === queue.name && (this.visibleAt.get(m.messageId) ?? Infinity) <= now);
      for (let i = 0; i < ready.length; i += BATCH_SIZE) void this.deliver(queue, ready.slice(i, i + BATCH_SIZE));
    }
    const next = Math.min(...this.visibleAt.values());
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.schedule(), Math.max(0, next - Date.now()));
  }

  /** Runs the worker on a batch; what it did not report as failed is deleted, the rest retried later. */
  private async deliver(queue: QueueDef, batch: StoredMessage[]): Promise<void> {
    const now = Date.now();
    for (const message of batch) {
      this.visibleAt.delete(message.messageId);
      message.receiveCount++;
      message.firstReceivedAt ??= now;
    }
    let failed: Set<string>;
    try {
      const event: SQSEvent = { Records: batch.map((message) => sqsRecord(message)) };
      const answer = (await this.workers.invoke(queue.handler, event, 128, WORKER_TIMEOUT_MS)) as SQSBatchResponse | undefined;
      failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      console.error(`[queue] functions/${queue.handler} failed; its batch will be delivered again:`, error);
      failed = new Set(batch.map((message) => message.messageId));
    }
    if (this.closed) return;
    for (const message of batch) {
      if (!failed.has(message.messageId)) {
        this.messages.splice(this.messages.indexOf(message), 1);
        continue;
      }
      const backoff = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (message.receiveCount - 1));
      this.visibleAt.set(message.messageId, Date.now() + backoff);
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
    eventSourceARN: `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${message.queue}`,
    awsRegion: LOCAL_REGION,
  };
}

/** AWS JSON 1.0 errors; SQS's query-compatible clients also read the code from x-amzn-query-error. */
function awsError(res: ServerResponse, status: number, type: string, queryCode: string, message: string): void {
  sendJson(res, status, { __type: `com.amazonaws.sqs#${type}`, message }, { 'content-type': JSON_1_0, 'x-amzn-query-error': `${queryCode};Sender` });
}
