// The S3 client (avatars). Endpoint from AWS_ENDPOINT_URL_S3; path-style addressing for s3rver.
import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.ts';

let client: S3Client | undefined;

export function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: config().s3ForcePathStyle });
  return client;
}
