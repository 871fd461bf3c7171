// The local cloud's side of the table stream (shared/routes.ts `streamConsumers`): what Lambda's DynamoDB
// event source does in the cloud, with the stack's shape: one poller reading the stream, feeding the one
// consumer, the dispatcher (functions/stream/handlers/table-stream.ts), which hands each stream handler its records.
// It reads every shard of the table's stream straight from DynamoDB Local (DescribeStream, GetShardIterator,
// GetRecords; not through the conflict layer, which has no stream), from LATEST for the shards open at
// start and from TRIM_HORIZON for shards that appear later, and hands the consumer the records its filter
// patterns pass (infra/stream-filters.ts: the stack's filter criteria, merged as in the stack) as a real
// DynamoDBStreamEvent, in the workers' process (worker-process.ts): in order, one batch at a time, after a
// short batching window. A batch that throws is tried again whole; one whose answer reports item failures
// is tried again from the first failed record (as Lambda does with ReportBatchItemFailures). After
// STREAM_RETRY_ATTEMPTS retries the records are logged as dropped, as the stack sends them to its
// on-failure queue.
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as SdkRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { withoutSdkLogger } from '#functions/platform/sdk-logging.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamConsumerDef } from '../../shared/routes.ts';
import { matchesPattern, streamFilterPatterns, type FilterPattern } from '../stream-filters.ts';
import { LOCAL_BATCHING_WINDOW_MS, STREAM_BATCH_SIZE, STREAM_RETRY_ATTEMPTS, STREAM_WORKER_TIMEOUT_SECONDS } from '../stream-settings.ts';
import { localCredentials, LOCAL_REGION } from './env.ts';
import type { WorkerProcess } from './worker-process.ts';

/** How often an idle shard is read again, and the stream's shard list looked at for new shards. */
const IDLE_POLL_MS = 150;
const SHARD_LIST_POLL_MS = 1_000;
const RETRY_DELAY_MS = 500;

interface ConsumerState {
  def: StreamConsumerDef;
  /** The filter criteria of its event source mapping, as the stack gives them. */
  patterns: FilterPattern[];
  pending: DynamoDBRecord[];
  timer?: NodeJS.Timeout;
  running: boolean;
}

export class TableStream {
  private readonly client: DynamoDBStreamsClient;
  private readonly readers = new Map<string, Promise<void>>();
  private readonly consumers: ConsumerState[];
  private closed = false;
  /** Batches in flight, for a clean stop and for tests waiting until the stream is drained. */
  private inFlight = new Set<Promise<void>>();

  private constructor(
    endpoint: string,
    private readonly streamArn: string,
    consumers: readonly StreamConsumerDef[],
    private readonly workers: WorkerProcess,
  ) {
    // The local stream service's own cost, in the gateway's process: no redacted copy of every batch read.
    this.client = withoutSdkLogger(new DynamoDBStreamsClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 3 }));
    this.consumers = consumers.map((def) => ({ def, patterns: streamFilterPatterns(def.filters), pending: [], running: false }));
  }

  /**
   * Starts reading the stream of `tableName` at `endpoint` (DynamoDB Local or an external one) for the
   * consumers (the manifest's one; more only where a test gives them); resolves once the shards open now are positioned at their latest record, so every change
   * made after it reaches the consumers.
   */
  static async start(db: DynamoDBClient, endpoint: string, tableName: string, consumers: readonly StreamConsumerDef[], workers: WorkerProcess): Promise<TableStream> {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.LatestStreamArn) throw new Error(`The table ${tableName} has no stream`);
    const stream = new TableStream(endpoint, Table.LatestStreamArn, consumers, workers);
    if (consumers.length) {
      await stream.discoverShards('LATEST');
      void stream.watchShards();
    }
    return stream;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const consumer of this.consumers) clearTimeout(consumer.timer);
    await Promise.allSettled([...this.inFlight]);
    this.client.destroy();
  }

  /** Starts a reader for every shard not read yet: open shards at start from LATEST, later ones from their beginning. */
  private async discoverShards(position: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: exclusiveStartShardId }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (this.readers.has(id)) continue;
        // At start a closed shard holds only what happened before: nothing to read.
        const closedAtStart = position === 'LATEST' && shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        if (closedAtStart) {
          this.readers.set(id, Promise.resolve());
          continue;
        }
        const { ShardIterator } = await this.client.send(new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: id, ShardIteratorType: position }));
        this.readers.set(id, this.readShard(id, ShardIterator));
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  }

  private async watchShards(): Promise<void> {
    while (!this.closed) {
      await sleep(SHARD_LIST_POLL_MS);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may set it during the await; TS keeps the loop's narrowing
      if (this.closed) return;
      await this.discoverShards('TRIM_HORIZON').catch((error: unknown) => console.error('[table stream] listing shards failed:', error));
    }
  }

  /** Reads one shard until it ends (no next iterator) or the stream stops. */
  private async readShard(shardId: string, iterator: string | undefined): Promise<void> {
    while (iterator && !this.closed) {
      try {
        const { Records = [], NextShardIterator } = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        for (const record of Records) this.route(lambdaRecord(record, this.streamArn));
        iterator = NextShardIterator;
        if (!Records.length) await sleep(IDLE_POLL_MS);
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may set it during the awaited read; TS keeps the loop's narrowing
        if (this.closed) return;
        console.error(`[table stream] reading shard ${shardId} failed; trying again:`, error);
        await sleep(RETRY_DELAY_MS);
      }
    }
  }

  private route(record: DynamoDBRecord): void {
    for (const consumer of this.consumers) {
      if (!consumer.patterns.some((pattern) => matchesPattern(record, pattern))) continue;
      consumer.pending.push(record);
      this.schedule(consumer);
    }
  }

  /** Flushes the consumer's records after its batching window (at most the local cap), one batch at a time. */
  private schedule(consumer: ConsumerState): void {
    if (consumer.running || consumer.timer || !consumer.pending.length || this.closed) return;
    const windowMs = Math.min(consumer.def.batchingWindowSeconds * 1000, LOCAL_BATCHING_WINDOW_MS);
    consumer.timer = setTimeout(() => {
      consumer.timer = undefined;
      consumer.running = true;
      const batch = consumer.pending.splice(0, STREAM_BATCH_SIZE);
      const run = this.deliver(consumer.def, batch).finally(() => {
        this.inFlight.delete(run);
        consumer.running = false;
        this.schedule(consumer);
      });
      this.inFlight.add(run);
    }, windowMs);
  }

  /** Invokes the consumer on the batch, retrying what failed; never throws. */
  private async deliver(def: StreamConsumerDef, batch: DynamoDBRecord[]): Promise<void> {
    let records = batch;
    for (let attempt = 0; records.length && !this.closed; attempt++) {
      if (attempt > STREAM_RETRY_ATTEMPTS) {
        const ids = records.map((r) => r.dynamodb?.SequenceNumber).join(', ');
        console.error(`[table stream] functions/${def.handler} failed ${attempt} times: ${records.length} record(s) dropped (sequence numbers ${ids})`);
        return;
      }
      if (attempt > 0) await sleep(RETRY_DELAY_MS);
      try {
        const event: DynamoDBStreamEvent = { Records: records };
        const answer = (await this.workers.invoke(def.handler, event, 256, STREAM_WORKER_TIMEOUT_SECONDS * 1000)) as DynamoDBBatchResponse | undefined;
        const failed = new Set((answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        const first = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        records = first === -1 ? [] : records.slice(first);
      } catch (error) {
        console.error(`[table stream] functions/${def.handler} failed; its batch will be delivered again:`, error);
      }
    }
  }
}

type Image = Record<string, unknown>;

/**
 * DynamoDB Local's stream writes an empty map attribute as `{}` where DynamoDB Streams writes `{"M":{}}`
 * (a knockout match's `bracket.awaiting` before anything is known): unmarshall then throws on the whole
 * batch. Each `{}` in an image is given its type back, at any depth.
 */
export function withEmptyMapsTyped(image: Image): Image {
  const value = (attribute: unknown): unknown => {
    if (typeof attribute !== 'object' || attribute === null) return attribute;
    const typed = attribute as { M?: Image; L?: unknown[] };
    if (Object.keys(typed).length === 0) return { M: {} };
    if (typed.M) return { M: withEmptyMapsTyped(typed.M) };
    if (typed.L) return { L: typed.L.map(value) };
    return attribute;
  };
  return Object.fromEntries(Object.entries(image).map(([name, attribute]) => [name, value(attribute)]));
}

/** An SDK stream record in the shape Lambda hands a function (epoch seconds, the stream's ARN, event source). */
function lambdaRecord(record: SdkRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...raw } = record.dynamodb ?? {};
  const rest = {
    ...raw,
    ...(raw.NewImage && { NewImage: withEmptyMapsTyped(raw.NewImage) }),
    ...(raw.OldImage && { OldImage: withEmptyMapsTyped(raw.OldImage) }),
  };
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? LOCAL_REGION,
    eventSourceARN: streamArn,
    ...(record.userIdentity && { userIdentity: record.userIdentity }),
    dynamodb: {
      ...(rest as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime && { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }),
    },
  };
}
