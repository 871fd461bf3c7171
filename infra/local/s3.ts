// S3 for avatars: s3rver in this process, data under $DATA_DIR/s3 (or an S3 endpoint the developer gave).
import { join } from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import { localCredentials, LOCAL_REGION } from './env.ts';

export interface LocalS3 {
  endpoint: string;
  stop: () => Promise<void>; // a function of its own: passed around unbound (lifecycle.add)
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

/** Creates the bucket on an S3 endpoint that is not ours (LocalStack, another s3rver) when it is missing. */
export async function ensureBucket(endpoint: string, bucket: string): Promise<void> {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials: localCredentials, forcePathStyle: true, maxAttempts: 1 });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}
