// The functions' configuration (docs/architecture.md, "Configuration"): only this differs from the cloud.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WELCOME_COINS } from '../../shared/constants.ts';
import { queues, scheduleTargets } from '../../shared/routes.ts';
import { DEFAULT_TABLE_NAME } from '../../shared/table.ts';

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT_ID = '000000000000';

/** Where the gateway serves the local SQS (infra/local/queue.ts). */
export const SQS_PREFIX = '/_local/sqs';
/** The URL of a local queue, e.g. http://127.0.0.1:3000/_local/sqs/000000000000/settlement. */
export const localQueueUrl = (gatewayOrigin: string, name: string) => `${gatewayOrigin}${SQS_PREFIX}/${LOCAL_ACCOUNT_ID}/${name}`;
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Settings a developer may override from the environment. */
export interface LocalSettings {
  TABLE_NAME: string;
  AVATAR_BUCKET: string;
  ASSET_BASE_URL: string;
  APP_ORIGIN: string;
  MAIL_FROM: string;
  WELCOME_COINS: string;
}

export function localSettings(port: number, env: NodeJS.ProcessEnv = process.env): LocalSettings {
  return {
    TABLE_NAME: env.TABLE_NAME ?? DEFAULT_TABLE_NAME,
    AVATAR_BUCKET: env.AVATAR_BUCKET ?? 'bet-play-win-avatars',
    ASSET_BASE_URL: env.ASSET_BASE_URL ?? '',
    APP_ORIGIN: env.APP_ORIGIN ?? `http://localhost:${port}`,
    MAIL_FROM: env.MAIL_FROM ?? 'no-reply@betplaywin.local',
    WELCOME_COINS: env.WELCOME_COINS ?? String(WELCOME_COINS),
  };
}

/**
 * DynamoDB and S3 endpoints the developer gave (LocalStack, a DynamoDB Local of their own, any
 * AWS-compatible endpoint), as the AWS SDK reads them: the service's own variable first, then
 * AWS_ENDPOINT_URL. npm start uses these instead of starting DynamoDB Local or s3rver.
 */
export function externalEndpoints(env: NodeJS.ProcessEnv = process.env): { dynamoDb?: string; s3?: string } {
  return {
    dynamoDb: env.AWS_ENDPOINT_URL_DYNAMODB || env.AWS_ENDPOINT_URL || undefined,
    s3: env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined,
  };
}

export interface LocalEndpoints {
  gatewayPort: number;
  dynamoDb: string;
  s3: string;
}

/** Where a running local cloud leaves its functions' environment (for `npm run sam-env`), in its DATA_DIR. */
export const FUNCTIONS_ENV_FILE = 'functions-env.json';

/**
 * Sets process.env for the handlers, which run in this process, and answers what it set. The AWS wiring
 * always points at the local services (a developer's real credentials must never reach them, nor real
 * AWS be reached).
 */
export function applyLocalEnv(settings: LocalSettings, secrets: LocalSecrets, endpoints: LocalEndpoints): Record<string, string> {
  const gateway = `http://127.0.0.1:${endpoints.gatewayPort}`;
  const functionsEnv: Record<string, string> = {
    ...settings,
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.jwtSecret,
    VAPID_SEED: secrets.vapidSeed,
    // The local cloud's test push service (infra/local/push-service.ts): the one push endpoint besides the real services'.
    PUSH_TEST_SERVICE: `${settings.APP_ORIGIN}${PUSH_SERVICE_PREFIX}/`,
    WS_MANAGEMENT_ENDPOINT: gateway,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamoDb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ENDPOINT_URL_SES: `${gateway}/_local/ses`,
    AWS_ENDPOINT_URL_SQS: `${gateway}${SQS_PREFIX}`,
    AWS_ENDPOINT_URL_SCHEDULER: `${gateway}${SCHEDULER_PREFIX}`,
    SCHEDULER_ROLE_ARN: `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/local-scheduler`,
    ...Object.fromEntries(scheduleTargets.map((target) => [target.arnEnv, localFunctionArn(target.handler)])),
    ...Object.fromEntries(queues.map((queue) => [queue.urlEnv, localQueueUrl(gateway, queue.name)])),
  };
  Object.assign(process.env, functionsEnv);
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  return functionsEnv;
}

/** Where the gateway serves the local EventBridge Scheduler (infra/local/scheduler.ts). */
export const SCHEDULER_PREFIX = '/_local/scheduler';
/** A function's ARN in the local cloud, e.g. arn:aws:lambda:us-east-1:000000000000:function:worker-send-reminder. */
export const localFunctionArn = (handler: string) => `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${handler.replaceAll('/', '-')}`;

/** Where the gateway serves the test push service (infra/local/push-service.ts). */
export const PUSH_SERVICE_PREFIX = '/_local/push';

export interface LocalSecrets {
  jwtSecret: string;
  /** Web Push's VAPID key pair is derived from it (functions/platform/push-config.ts). */
  vapidSeed: string;
}

/** The secrets of a DATA_DIR, made on its first start and kept, so sessions and push subscriptions survive restarts. */
export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const [jwtSecret, vapidSeed] = await Promise.all([loadSecret(dataDir, 'jwt-secret'), loadSecret(dataDir, 'vapid-seed')]);
  return { jwtSecret, vapidSeed };
}

async function loadSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
