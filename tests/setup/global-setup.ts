// One local cloud for the whole test run: the real `infra/local/start.ts` as a child process, on a free
// port, with a fresh temporary DATA_DIR. Tests read its URL with `inject('baseUrl')`.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startCloudProcess, type CloudEnv } from '../../infra/local/cloud-process.ts';
import { buildSpaIfStale } from '../../infra/local/spa-build.ts';

export type { CloudEnv };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    cloudEnv: CloudEnv;
    /** The cloud's JWT secret: lets a test open sessions for users it writes straight to the table (hundreds of bettors). */
    jwtSecret: string;
    /** The cloud's DATA_DIR (functions-env.json for the SAM test). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildSpaIfStale();
  // Everything the cloud prints (handler logs included, as the JSON CloudWatch would store) is kept beside
  // the data, for reading after a failing run; the data itself is removed on stop.
  const jwtSecret = process.env.JWT_SECRET ?? randomBytes(48).toString('base64url');
  const cloud = await startCloudProcess({ env: { ...cloudEnv(), ...THROWAWAY_DATABASE, JWT_SECRET: jwtSecret, LOG_FORMAT: 'json' }, dataDirPrefix: 'bpw-test-', echoStderr: true });
  project.provide('baseUrl', cloud.baseUrl);
  project.provide('cloudEnv', cloud.cloudEnv);
  project.provide('jwtSecret', jwtSecret);
  project.provide('dataDir', cloud.dataDir);
  console.log(`Local cloud for tests: ${cloud.baseUrl} (its output: ${cloud.logFile})`);
  return cloud.stop;
}

/**
 * Our environment minus what vitest adds (NODE_ENV=test, VITEST*): the cloud runs as `npm start` does,
 * but always on its own DynamoDB Local and s3rver, whatever AWS_ENDPOINT_URL* the shell has (LocalStack),
 * and its queue delivers a failed message again after 1 s, not the stack's 12 minutes (a test waits less).
 * An HTTP handler has 120 s instead of API Gateway's 30 (infra/local/handlers.ts): several clouds share
 * the 2 cores during a run, and a rush of hundreds of bets (hot-event) queued on one DynamoDB Local
 * outlasted 30 s there while every bet was still answered right.
 * New passwords are hashed with scrypt's N at 2^14 instead of 2^17: the suite's thousand registrations
 * and logins otherwise spend minutes of CPU in hashing alone (functions/identity/passwords.ts).
 * DynamoDB Local keeps the JVM's optimising compiler, which `npm start` turns off to start sooner: over a
 * whole run it spent a fifth less CPU per request (hot-event and bad-input files: 279 s against 346 s).
 */
const TEST_JVM = '-XX:+UseSerialGC';

/** A test cloud's tables live in DynamoDB Local's memory: nothing outlives the run, and no SQLite disk work (the fault suite, which restarts a cloud on its data, keeps files). */
export const THROWAWAY_DATABASE = { DYNAMODB_IN_MEMORY: '1' };

export function cloudEnv(): NodeJS.ProcessEnv {
  const ours = (name: string) => name === 'NODE_ENV' || name === 'POWERTOOLS_LOG_LEVEL' || name.startsWith('VITEST') || name.startsWith('AWS_ENDPOINT_URL');
  return { LOCAL_QUEUE_VISIBILITY_TIMEOUT_SECONDS: '1', LOCAL_ROUTE_TIMEOUT_SECONDS: '120', PASSWORD_SCRYPT_LOG2_N: '14', JAVA_TOOL_OPTIONS: TEST_JVM, ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !ours(name))) };
}
