// S3 for avatars: s3rver in this process, data under $DATA_DIR/s3.
import { join } from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import { localCredentials } from './env.ts';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(dataDir: string, bucket: string): Promise<LocalS3> {
  // s3rver only knows its own S3RVER key; the functions sign with the documented local credentials.
  s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(localCredentials.accessKeyId, localCredentials.secretAccessKey);
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: join(dataDir, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
