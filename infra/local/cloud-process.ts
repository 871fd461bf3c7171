// The local cloud as a child process: `infra/local/start.ts` on a free port with a fresh temporary
// DATA_DIR, awaited until it prints "Ready", stopped together with its JVM. Used by the test harness
// (tests/setup/global-setup.ts) and the benchmarks (scripts/bench/bets.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dynamoDbEndpointIn } from './dynamodb.ts';
import { LOCAL_REGION, localCredentials, localSettings } from './env.ts';
import { freePort } from './free-port.ts';
import { repoRoot } from './paths.ts';

/** What a caller needs to use the functions' domain modules against the cloud's DynamoDB Local. */
export interface CloudEnv {
  TABLE_NAME: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
}

export interface CloudProcessOptions {
  /** The cloud's environment, before PORT, DATA_DIR and LOG_REQUESTS=0 are set (default: ours). */
  env?: NodeJS.ProcessEnv;
  /** Prefix of the temporary DATA_DIR's name. */
  dataDirPrefix?: string;
  /** Extra Node flags for the cloud's process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Also echo the cloud's stderr to ours (handler errors show next to a failing test). */
  echoStderr?: boolean;
  readyTimeoutMs?: number;
  /** Picks the gateway's port (default: a free one); a test hands out a taken one to see the retry. */
  pickPort?: () => Promise<number>;
}

export interface CloudProcess {
  baseUrl: string;
  dynamoDbEndpoint: string;
  cloudEnv: CloudEnv;
  /** The Node process that runs the gateway and the handlers (the JVM is its child). */
  pid: number;
  dataDir: string;
  /** Everything the cloud printed (handler logs included); kept after stop() for reading. */
  logFile: string;
  /** Stops the whole process group and removes DATA_DIR. */
  stop: () => Promise<void>; // a function of its own: handed out unbound (tests/setup/global-setup.ts)
}

/**
 * A port found free is free only until someone listens on it: two clouds starting at once (the suite's
 * two projects) each pick ports for their gateway and DynamoDB Local, and one may take the other's
 * before it listens. Such a start is tried again, on new ports.
 */
const PORT_TAKEN = /EADDRINUSE|Address already in use/;
const START_ATTEMPTS = 3;

class PortTakenError extends Error {}

export async function startCloudProcess(options: CloudProcessOptions = {}): Promise<CloudProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === START_ATTEMPTS) throw error;
      console.error(`[local cloud] a port it picked was taken meanwhile; starting again (attempt ${attempt + 1} of ${START_ATTEMPTS})`);
    }
  }
}

async function startOnce(options: CloudProcessOptions): Promise<CloudProcess> {
  const port = await (options.pickPort ?? freePort)();
  const dataDir = await mkdtemp(join(tmpdir(), options.dataDirPrefix ?? 'bpw-cloud-'));
  const logFile = `${dataDir}.log`;
  const log = createWriteStream(logFile);

  // Its own process group (detached), so stop() can end it together with its JVM. Our end of its
  // stdin pipe closes if this process dies, and it then stops by itself.
  const cloud = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...(options.env ?? process.env), PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
  });
  cloud.stdout.pipe(log, { end: false });
  cloud.stderr.pipe(log, { end: false });
  if (options.echoStderr) cloud.stderr.pipe(process.stderr);

  const stop = async () => {
    await stopGroup(cloud);
    await new Promise((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const readyOutput = await waitForReady(cloud, options.readyTimeoutMs ?? 180_000);
    const cloudEnv = dynamoDbAccess(readyOutput, port);
    return {
      baseUrl: `http://localhost:${port}`,
      dynamoDbEndpoint: cloudEnv.AWS_ENDPOINT_URL_DYNAMODB,
      cloudEnv,
      pid: cloud.pid!,
      dataDir,
      logFile,
      stop,
    };
  } catch (error) {
    await stop();
    const output = await readFile(logFile, 'utf8').catch(() => '');
    const Failure = PORT_TAKEN.test(output) ? PortTakenError : Error;
    throw new Failure(`The local cloud did not start (${(error as Error).message}). Its output:\n${output}`, { cause: error });
  }
}

/** How to reach the cloud's DynamoDB as its functions do: the endpoint from its "DynamoDB: <url>" line. */
export function dynamoDbAccess(output: string, port: number): CloudEnv {
  const endpoint = dynamoDbEndpointIn(output);
  if (!endpoint) throw new Error('it did not print its DynamoDB endpoint');
  return {
    TABLE_NAME: localSettings(port).TABLE_NAME,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  };
}

/** Resolves with what the cloud printed up to its "Ready" line. */
function waitForReady(cloud: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "Ready" line within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!/^Ready in /m.test(seen)) return;
      clearTimeout(timer);
      cloud.stdout?.off('data', onData);
      resolve(seen);
    };
    cloud.stdout?.on('data', onData);
    cloud.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`it exited with code ${code}`));
    });
  });
}

/** SIGTERM to the whole process group (start.ts and the JVM), SIGKILL if it lingers. */
async function stopGroup(cloud: ChildProcess): Promise<void> {
  const group = -(cloud.pid ?? 0);
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false; // the group is already gone
    }
  };
  if (!signal('SIGTERM')) return;
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (!signal(0)) return;
    await sleep(100);
  }
  signal('SIGKILL');
}
