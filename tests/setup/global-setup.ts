// One local cloud for the whole test run: the real `infra/local/start.ts` as a child process, on a free
// port, with a fresh temporary DATA_DIR. Tests read its URL with `inject('baseUrl')`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/free-port.ts';
import { repoRoot } from '../../infra/local/paths.ts';
import { buildSpaIfStale } from '../../infra/local/spa-build.ts';
import { LOCAL_REGION, localCredentials, localSettings } from '../../infra/local/env.ts';

/** What a test needs to call the functions' domain modules against the same DynamoDB Local. */
export interface CloudEnv {
  TABLE_NAME: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    cloudEnv: CloudEnv;
  }
}

const READY_TIMEOUT_MS = 90_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildSpaIfStale();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'bpw-test-'));
  // Everything the cloud prints (handler logs included) is kept beside the data, for reading after a
  // failing run; the data itself is removed.
  const logFile = `${dataDir}.log`;
  const log = createWriteStream(logFile);

  // Its own process group (detached), so teardown can end it together with its JVM. Our end of its
  // stdin pipe closes if this process dies, and it then stops by itself.
  const cloud = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...cloudEnv(), PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
  });
  cloud.stdout.pipe(log, { end: false });
  cloud.stderr.pipe(log, { end: false });
  cloud.stderr.pipe(process.stderr); // handler errors show next to the failing test

  const stop = async () => {
    await stopGroup(cloud);
    await new Promise((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  let readyOutput: string;
  try {
    readyOutput = await waitForReady(cloud);
  } catch (error) {
    await stop();
    const output = await readFile(logFile, 'utf8').catch(() => '');
    throw new Error(`The local cloud did not start (${(error as Error).message}). Its output:\n${output}`);
  }
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('cloudEnv', dynamoDbAccess(readyOutput, port));
  console.log(`Local cloud for tests: http://localhost:${port} (its output: ${logFile})`);
  return stop;
}

/** Our environment minus what vitest adds (NODE_ENV=test, VITEST*): the cloud runs as `npm start` does. */
function cloudEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
}

/** How tests reach the cloud's DynamoDB: the endpoint from its "Data: … (DynamoDB Local <url>, …)" line. */
function dynamoDbAccess(output: string, port: number): CloudEnv {
  const endpoint = /DynamoDB Local (http:\/\/[^,)\s]+)/.exec(output)?.[1];
  if (!endpoint) throw new Error(`The local cloud did not print its DynamoDB endpoint:\n${output}`);
  return {
    TABLE_NAME: localSettings(port).TABLE_NAME,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  };
}

/** Resolves with what the cloud printed up to its "Ready" line. */
function waitForReady(cloud: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "Ready" line within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
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
