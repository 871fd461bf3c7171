// Which local cloud a test file talks to: the run's shared one (tests/setup/global-setup.ts), or one of
// its own. A file whose oracle reads the whole table (security-bad-input's Scan before and after each
// accepted request) takes its own: on the shared table, which every other file fills, its hundreds of
// Scans were the largest cost of the suite (minutes of DynamoDB Local's CPU). So does a rush of hundreds
// of bets at once (hot-event): DynamoDB Local writes one request at a time, and on the shared one the
// rush queued behind every other file's writes, past the 30 s deadline on a busy machine.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { startCloudProcess, type CloudEnv } from '../../infra/local/cloud-process.ts';
import { cloudEnv, THROWAWAY_DATABASE } from '../setup/global-setup.ts';

let own: { baseUrl: string; cloudEnv: CloudEnv; jwtSecret: string } | undefined;

export const testBaseUrl = (): string => own?.baseUrl ?? inject('baseUrl');
export const testCloudEnv = (): CloudEnv => own?.cloudEnv ?? inject('cloudEnv');
/** The cloud's JWT secret: a test signs sessions for users it writes straight to the table. */
export const testJwtSecret = (): string => own?.jwtSecret ?? inject('jwtSecret');

/** Starts a cloud for this file alone (call it first in beforeAll); answers its stop, for afterAll. */
export async function useOwnCloud(extraEnv: Record<string, string> = {}): Promise<() => Promise<void>> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const cloud = await startCloudProcess({ env: { ...cloudEnv(), ...THROWAWAY_DATABASE, JWT_SECRET: jwtSecret, LOG_FORMAT: 'json', ...extraEnv }, dataDirPrefix: 'bpw-own-' });
  own = { baseUrl: cloud.baseUrl, cloudEnv: cloud.cloudEnv, jwtSecret };
  return async () => {
    own = undefined;
    await cloud.stop();
  };
}
