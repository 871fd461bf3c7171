// `npm start` on endpoints it did not start (LocalStack, a DynamoDB Local of one's own, any
// AWS-compatible endpoint): a DynamoDB Local and an s3rver this test starts on their own ports stand in
// for LocalStack. The cloud must create its table and bucket there, seed them and work on them, keep the
// conflict layer in front, and still run its own gateway, mailbox and queue.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudProcess, type CloudProcess } from '../../infra/local/cloud-process.ts';
import { dynamoDbClient, startDynamoDb, type LocalDynamoDb } from '../../infra/local/dynamodb.ts';
import { LOCAL_REGION, localCredentials, localSettings } from '../../infra/local/env.ts';
import { startS3, type LocalS3 } from '../../infra/local/s3.ts';
import { createClient } from '../helpers/api.ts';
import { jpegOf } from '../helpers/images.ts';
import { waitForMail } from '../helpers/mail.ts';
import { cloudEnv } from '../setup/global-setup.ts';

const { TABLE_NAME, AVATAR_BUCKET } = localSettings(3000);
let theirData: string;
let dynamoDb: LocalDynamoDb;
let s3: LocalS3;
let cloud: CloudProcess;
let banner: string;

beforeAll(async () => {
  theirData = await mkdtemp(path.join(tmpdir(), 'bpw-their-endpoints-'));
  // Their S3 has some other bucket, not ours: the cloud must create its own.
  [dynamoDb, s3] = await Promise.all([startDynamoDb(theirData), startS3(theirData, 'someone-elses-bucket')]);
  cloud = await startCloudProcess({
    env: { ...cloudEnv(), AWS_ENDPOINT_URL_DYNAMODB: dynamoDb.endpoint, AWS_ENDPOINT_URL_S3: s3.endpoint },
    dataDirPrefix: 'bpw-external-',
  });
  banner = await readFile(cloud.logFile, 'utf8');
}, 120_000);

afterAll(async () => {
  // Each is undefined when beforeAll failed before starting it.
  const started = { cloud: cloud as CloudProcess | undefined, dynamoDb: dynamoDb as LocalDynamoDb | undefined, s3: s3 as LocalS3 | undefined };
  await started.cloud?.stop();
  await Promise.all([started.dynamoDb?.stop(), started.s3?.stop()]);
  await rm(theirData, { recursive: true, force: true });
  if (started.cloud) await rm(started.cloud.logFile, { force: true });
});

describe('npm start with AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL_S3', () => {
  it('says in its banner which endpoints it uses, with the conflict layer in front of their DynamoDB', () => {
    expect(banner).toContain(`S3:       ${s3.endpoint} (AWS_ENDPOINT_URL_S3, bucket ${AVATAR_BUCKET})`);
    expect(banner).toContain(`DynamoDB: ${cloud.dynamoDbEndpoint} (transaction conflicts as in AWS, over AWS_ENDPOINT_URL_DYNAMODB ${dynamoDb.endpoint};`);
    expect(cloud.dynamoDbEndpoint).not.toBe(dynamoDb.endpoint);
  });

  it('starts no DynamoDB Local or s3rver of its own', async () => {
    expect(await readdir(cloud.dataDir)).not.toContain('dynamodb');
    expect(await readdir(cloud.dataDir)).not.toContain('s3');
  });

  it('created and seeded the table in their DynamoDB: the seeded operator logs in', async () => {
    const table = await dynamoDbClient(dynamoDb.endpoint).send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    expect(table.Table?.TableStatus).toBe('ACTIVE');
    const operator = createClient(cloud.baseUrl);
    expect((await operator.post('/user/login-user', { email: 'admin@betplaywin.local', password: 'admin-password-123' })).status).toBe(200);
    expect((await operator.get('/game/tournament-list')).body.data.length).toBeGreaterThan(0);
  });

  it('stores avatars in a bucket it created in their S3, and serves them', async () => {
    const operator = createClient(cloud.baseUrl);
    await operator.post('/user/login-user', { email: 'admin@betplaywin.local', password: 'admin-password-123' });
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(jpegOf(64, 64))], { type: 'image/jpeg' }), 'me.jpg');
    const answer = await operator.patch('/user/update-avatar', form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const client = new S3Client({ endpoint: s3.endpoint, region: LOCAL_REGION, credentials: localCredentials, forcePathStyle: true });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: AVATAR_BUCKET }));
    expect(listed.Contents?.map((object) => `/${object.Key}`)).toContain(answer.body.data.avatar);
    expect((await fetch(new URL(answer.body.data.avatar, cloud.baseUrl))).status).toBe(200);
  });

  it('still runs its own mailbox and queue', async () => {
    const email = `external-${Date.now()}@test.local`;
    const user = createClient(cloud.baseUrl);
    expect((await user.post('/user/create-user', { userName: 'Elsewhere', email, password: 'password-123' })).status).toBe(201);
    expect((await user.post('/user/create-email-verification', { email })).status).toBe(200);
    await waitForMail(cloud.baseUrl, email);
    const queue = await fetch(`${cloud.baseUrl}/_local/sqs`, { method: 'POST', headers: { 'x-amz-target': 'AmazonSQS.Unknown' }, body: '{}' });
    expect(queue.status).toBe(400);
    expect(((await queue.json()) as { __type: string }).__type).toContain('InvalidAction');
  });

  it('prints each request of its functions as one readable line, a refusal with its reason (not the JSON)', async () => {
    const stranger = createClient(cloud.baseUrl);
    expect((await stranger.post('/user/login-user', { email: 'admin@betplaywin.local', password: 'wrong-password-1' })).status).toBe(402);
    const output = await readFile(cloud.logFile, 'utf8');
    expect(output).toMatch(/^\d\d:\d\d:\d\d POST \/api\/v1\/user\/login-user 200 \d+ms$/m);
    expect(output).toMatch(/^\d\d:\d\d:\d\d POST \/api\/v1\/user\/login-user 402 \d+ms {2}refused: \S+$/m);
    expect(output).not.toMatch(/^\{"level":/m);
  });
});
