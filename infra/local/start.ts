// `npm start` (and `npm run dev` with --dev): the whole local cloud on one origin.
// Env: PORT (3000), DATA_DIR (.local/), ADMIN_EMAIL, ADMIN_PASSWORD, LOG_REQUESTS=0 to silence
// request lines, SPA_DIR (a built SPA to serve instead of web/dist; implies --no-build),
// DYNAMODB_CONFLICTS=off (the functions talk to DynamoDB Local itself, which never reports a
// transaction conflict, instead of through the conflict-faithful layer).
// AWS_ENDPOINT_URL, or AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_S3 (LocalStack, any AWS-compatible
// endpoint): that DynamoDB or S3 is used instead of starting DynamoDB Local or s3rver, and the table
// and bucket are created there when missing. The conflict layer stays in front of an external DynamoDB
// (DynamoDB Local and LocalStack, which runs it, share the same gap); the gateway, mailbox and queue run
// here as always.
// LOCAL_QUEUE_VISIBILITY_TIMEOUT_SECONDS: how long the local queue waits before delivering a failed
// message again (default the stack's, shared/queue-settings.ts; the test harness shortens it).
// LOCAL_ROUTE_TIMEOUT_SECONDS: an HTTP handler's deadline (default API Gateway's 30; the test harness's 120).
// LOCAL_NO_OP_ROUTE=1: GET /api/v1/_local/no-op answers 200 from a bare handler (no middleware, no
// DynamoDB): the benchmarks' measure of the local gateway's own cost per request, apart from our code's.
// LOG_FORMAT=json: our functions' log lines as Powertools writes them (default: one readable line each).
// DYNAMODB_IN_MEMORY=1: DynamoDB Local keeps its tables in memory, gone at stop (the test harness's).
// PASSWORD_SCRYPT_LOG2_N: scrypt's cost for new password hashes (default 17; the test harness uses 14).
// Flags: --dev (Vite middleware with hot reload), --no-build (serve web/dist as is).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { queues, routes, scheduleTargets, streamConsumers, wsRoutes } from '../../shared/routes.ts';
import { deadLetterQueueName } from '../../shared/queue-settings.ts';
import { startConflictLayer } from './dynamodb-conflicts.ts';
import { dynamoDbBanner, dynamoDbClient, ensureTable, isTableEmpty, startDynamoDb } from './dynamodb.ts';
import { applyLocalEnv, externalEndpoints, FUNCTIONS_ENV_FILE, loadLocalSecrets, localCredentials, localQueueUrl, localSettings, LOCAL_REGION, SQS_PREFIX } from './env.ts';
import { createGateway } from './gateway.ts';
import { moduleHandlerLoader, NO_OP_ROUTE, withNoOpRoute } from './handlers.ts';
import { Lifecycle } from './lifecycle.ts';
import { Mailbox } from './mailbox.ts';
import { functionsDir, webDist } from './paths.ts';
import { LocalQueues } from './queue.ts';
import { LocalScheduler } from './scheduler.ts';
import { ensureBucket, startS3 } from './s3.ts';
import { buildSpaIfStale } from './spa-build.ts';
import { staticSpa, viteSpa } from './spa.ts';
import { TableStream } from './table-stream.ts';
import { readableLogsWanted, showLogsReadable } from './terminal-log.ts';
import { WorkerProcess } from './worker-process.ts';

const { values: flags } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false } },
});
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? '.local');
// The SPA benchmark serves its own production build (scripts/bench/spa.ts), leaving web/dist alone.
const spaDir = process.env.SPA_DIR ? resolve(process.env.SPA_DIR) : undefined;
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@betplaywin.local',
  password: process.env.ADMIN_PASSWORD ?? 'admin-password-123',
};
const settings = localSettings(port);
// The SDK warns on every start that versions from 2027 will need Node 22: noise for a Node 20 dev box.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

if (readableLogsWanted()) showLogsReadable();

const lifecycle = new Lifecycle();
lifecycle.exitOnShutdownRequests();
// In Lambda a stray rejection fails one invocation; here it must not take the whole cloud down.
process.on('unhandledRejection', (error) => console.error('[local cloud] unhandled rejection:', error));

try {
  await start();
} catch (error) {
  console.error('[local cloud] failed to start:', error);
  await lifecycle.stopAll();
  process.exit(1);
}

async function start(): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const external = externalEndpoints();
  const [, dynamoDb, s3, secrets, mailbox] = await allOrFirstError([
    flags.dev || flags['no-build'] || spaDir ? Promise.resolve(false) : buildSpaIfStale(),
    external.dynamoDb
      ? Promise.resolve({ endpoint: external.dynamoDb, name: 'AWS_ENDPOINT_URL_DYNAMODB' })
      : startDynamoDb(dataDir, { inMemory: process.env.DYNAMODB_IN_MEMORY === '1' }).then((db) => (lifecycle.add(db.stop), { endpoint: db.endpoint, name: 'DynamoDB Local' })),
    external.s3
      ? ensureBucket(external.s3, settings.AVATAR_BUCKET).then(() => ({ endpoint: external.s3!, name: 'AWS_ENDPOINT_URL_S3' }))
      : startS3(dataDir, settings.AVATAR_BUCKET).then((s3) => (lifecycle.add(s3.stop), { endpoint: s3.endpoint, name: 's3rver' })),
    loadLocalSecrets(dataDir),
    Mailbox.open(join(dataDir, 'mail.json')),
  ] as const);

  // What every DynamoDB call goes through: DynamoDB's transaction-conflict rules over the database.
  const db = dynamoDbClient(dynamoDb.endpoint);
  const conflictLayer = process.env.DYNAMODB_CONFLICTS === 'off' ? undefined : await startConflictLayer(dynamoDb.endpoint, db);
  if (conflictLayer) lifecycle.add(conflictLayer.stop);
  const functionsDynamoDb = conflictLayer?.endpoint ?? dynamoDb.endpoint;

  // Before any handler module is imported: they read their configuration from here.
  const functionsEnv = applyLocalEnv(settings, secrets, { gatewayPort: port, dynamoDb: functionsDynamoDb, s3: s3.endpoint });
  // For `npm run sam-env` (functions run by SAM against this cloud); it holds the secrets, as jwt-secret and vapid-seed do.
  await writeFile(join(dataDir, FUNCTIONS_ENV_FILE), JSON.stringify(functionsEnv, null, 2), { mode: 0o600 });

  await ensureTable(db, settings.TABLE_NAME);
  // A fresh local table gets the operator and the demo tournaments; an existing one is left as it is.
  if (await isTableEmpty(db, settings.TABLE_NAME)) {
    const { ensureOperator } = await import('../../functions/identity/accounts.ts');
    const { seedDemoData } = await import('./demo-seed.ts');
    await ensureOperator({ email: admin.email, password: admin.password, userName: 'Operator' });
    await seedDemoData();
  }

  const loadHandler = withNoOpRoute(moduleHandlerLoader(functionsDir));
  const localQueues = await LocalQueues.open(join(dataDir, 'queue.json'), queues, queueTiming());
  // Read from the database itself (the conflict layer has no stream); its one consumer runs in a worker process of its own.
  const streamWorkers = new WorkerProcess('streams');
  const tableStream = await TableStream.start(db, dynamoDb.endpoint, settings.TABLE_NAME, streamConsumers, streamWorkers);
  const gateway = await createGateway({
    routes: process.env.LOCAL_NO_OP_ROUTE === '1' ? [...routes, NO_OP_ROUTE] : routes,
    wsRoutes,
    loadHandler,
    mailbox,
    queues: localQueues,
    scheduler: await LocalScheduler.open(join(dataDir, 'schedules.json'), scheduleTargets, localQueues.workers),
    avatars: { s3Endpoint: s3.endpoint, bucket: settings.AVATAR_BUCKET },
    spa: (server) => (flags.dev ? viteSpa(server) : staticSpa(spaDir ?? webDist)),
    logRequests: process.env.LOG_REQUESTS !== '0',
  });
  lifecycle.add(() => gateway.close());
  lifecycle.add(() => new Promise<void>((resolve) => resolve(streamWorkers.close()))); // runs after the stream's stop (stops run in reverse)
  lifecycle.add(() => tableStream.close()); // stops first: no batch starts a worker process after the gateway's close
  await gateway.listen(port);

  const origin = settings.APP_ORIGIN;
  console.log(`App:      ${origin}`);
  console.log(`Mailbox:  ${origin}/_local/mail/view`);
  console.log(`Operator: ${admin.email} / ${admin.password}`);
  console.log(`Data:     ${dataDir}`);
  console.log(`S3:       ${s3.endpoint} (${s3.name}, bucket ${settings.AVATAR_BUCKET})`);
  console.log(dynamoDbBanner(functionsDynamoDb, `${dynamoDb.name} ${dynamoDb.endpoint}`, conflictLayer !== undefined));
  console.log(`Ops:      ${opsEnv(functionsDynamoDb)} npm run ops -- audit|dead-letters|redrive`);
  console.log(`Ready in ${(performance.now() / 1000).toFixed(1)}s`);
}

function queueTiming() {
  const seconds = Number(process.env.LOCAL_QUEUE_VISIBILITY_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? { visibilityTimeoutMs: seconds * 1000 } : {};
}

/** What `npm run ops` needs to reach this cloud's table and dead-letter queue. */
function opsEnv(dynamoDbEndpoint: string): string {
  const gateway = `http://127.0.0.1:${port}`;
  return Object.entries({
    TABLE_NAME: settings.TABLE_NAME,
    AWS_ENDPOINT_URL_DYNAMODB: dynamoDbEndpoint,
    AWS_ENDPOINT_URL_SQS: `${gateway}${SQS_PREFIX}`,
    DEAD_LETTER_QUEUE_URL: localQueueUrl(gateway, deadLetterQueueName(queues[0].name)),
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  })
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
}

/** Like Promise.all, but waits for every task to settle so nothing keeps starting after a failure. */
async function allOrFirstError<T extends readonly unknown[]>(tasks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
