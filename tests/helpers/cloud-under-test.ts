// Which local cloud a test file talks to: the run's shared one (tests/setup/global-setup.ts), or one of
// its own. A file whose oracle reads the whole table (security-bad-input's Scan before and after each
// accepted request) takes its own: on the shared table, which every other file fills, its hundreds of
// Scans were the largest cost of the suite (minutes of DynamoDB Local's CPU).
import { inject } from 'vitest';
import { startCloudProcess, type CloudEnv } from '../../infra/local/cloud-process.ts';
import { cloudEnv } from '../setup/global-setup.ts';

let own: { baseUrl: string; cloudEnv: CloudEnv } | undefined;

export const testBaseUrl = (): string => own?.baseUrl ?? inject('baseUrl');
export const testCloudEnv = (): CloudEnv => own?.cloudEnv ?? inject('cloudEnv');

/** Starts a cloud for this file alone (call it first in beforeAll); answers its stop, for afterAll. */
export async function useOwnCloud(): Promise<() => Promise<void>> {
  const cloud = await startCloudProcess({ env: { ...cloudEnv(), LOG_FORMAT: 'json' }, dataDirPrefix: 'bpw-own-' });
  own = { baseUrl: cloud.baseUrl, cloudEnv: cloud.cloudEnv };
  return async () => {
    own = undefined;
    await cloud.stop();
  };
}
