// Cold start and bundle size of every function, each as a ratio to a baseline measured in the same run,
// with the signing secret in the environment (as locally) and fetched from Secrets Manager at init (as in
// the cloud, from a local endpoint: scripts/bench/secrets-manager.ts).
// (The SPA's JavaScript per route and its Lighthouse scores are the `spa` benchmark: scripts/bench/spa.ts.)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { queues, routes, wsRoutes } from '../../shared/routes.ts';
import { bundleHandler, bundleSource } from './bundle.ts';
import { startSecretsManager } from './secrets-manager.ts';
import { median } from './stats.ts';

const OUT = '.bench';
const INIT_RUNS = Number(process.env.BENCH_INIT_RUNS ?? 15);
const BUNDLE_LIMIT_KB = 250;
const INIT_RATIO_LIMIT = 1.5;

const run = promisify(execFile);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const JWT_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-jwt';

// Functions read configuration at init; give them a plausible one without touching any AWS endpoint.
const fnEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_NO_WARNINGS: '1', // the SDK's Node 20 deprecation notice would flood the output
  TABLE_NAME: 'bench',
  AVATAR_BUCKET: 'bench',
  ASSET_BASE_URL: '',
  APP_ORIGIN: 'http://localhost:3000',
  MAIL_FROM: 'bench@example.com',
  JWT_SECRET,
  WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
};

/** The cloud's configuration: no JWT_SECRET, so config.ts fetches it at init (GetSecretValue). */
const cloudEnv = (secretsManager: string): NodeJS.ProcessEnv => {
  const { JWT_SECRET: _inEnv, ...env } = fnEnv;
  return { ...env, JWT_SECRET_ARN, AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager };
};

// Asynchronous: the local Secrets Manager answers from this process while a child initialises.
async function initMs(bundle: string, env: NodeJS.ProcessEnv): Promise<number> {
  const { stdout } = await run(process.execPath, ['scripts/bench/measure-init.mjs', path.resolve(bundle)], { env });
  return JSON.parse(stdout).ms;
}

/**
 * What each library our functions share adds to the init of hello+SDK, bundled the same way: the
 * breakdown of "our own code" in the table (each function's bundle is mostly these plus a few KB).
 */
const LIBRARIES: Record<string, string> = {
  'zod (config and request schemas)': "import * as z from 'zod'; export const s = z.object({ a: z.string().min(1), b: z.url() });",
  '@middy/core (handler middleware)': "import middy from '@middy/core'; export const m = middy;",
  'busboy (multipart bodies)': "import busboy from 'busboy'; export const b = busboy;",
  'jose (JWT)': "import { jwtVerify, SignJWT } from 'jose'; export const j = [jwtVerify, SignJWT];",
  '@aws-lambda-powertools/logger (structured logs)': "import { Logger } from '@aws-lambda-powertools/logger'; export const l = new Logger({ serviceName: 'bench' });",
  '@aws-lambda-powertools/metrics (embedded metric format)': "import { Metrics } from '@aws-lambda-powertools/metrics'; export const m = new Metrics({ namespace: 'Bench', serviceName: 'bench' });",
  '@aws-sdk/client-secrets-manager (the signing secret, every function in the cloud)': "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager'; export const c = new SecretsManagerClient({});",
  '@aws-sdk/client-ses (mail: create-email-verification, create-otp)': "import { SESClient } from '@aws-sdk/client-ses'; export const c = new SESClient({});",
  '@aws-sdk/client-s3 (avatars: update-avatar)': "import { S3Client } from '@aws-sdk/client-s3'; export const c = new S3Client({});",
};

async function benchFunctions() {
  const all = [
    ...routes.map((r) => ({ name: `${r.method} ${r.path}`, handler: r.handler })),
    ...wsRoutes.map((r) => ({ name: `ws ${r.routeKey}`, handler: r.handler })),
    ...queues.map((q) => ({ name: `worker (${q.name} queue)`, handler: q.handler })),
  ];
  // A manifest entry whose module is still being written is reported, not fatal.
  const entries = all.filter((e) => existsSync(`functions/${e.handler}.ts`));
  const skipped = all.filter((e) => !entries.includes(e)).map((e) => e.name);
  const helloFile = `${OUT}/hello.mjs`;
  const helloSdkFile = `${OUT}/hello-sdk.mjs`;
  await bundleHandler('scripts/bench/hello.ts', helloFile);
  await bundleHandler('scripts/bench/hello-sdk.ts', helloSdkFile);
  const helloKb = (await stat(helloFile)).size / 1024;
  const helloSdkKb = (await stat(helloSdkFile)).size / 1024;
  const bundles = [];
  for (const e of entries) {
    const file = `${OUT}/${e.handler.replaceAll('/', '__')}.mjs`;
    await bundleHandler(`functions/${e.handler}.ts`, file);
    bundles.push({ ...e, file, kb: (await stat(file)).size / 1024 });
  }
  const libraries = [];
  for (const [i, [name, source]] of Object.entries(LIBRARIES).entries()) {
    const file = `${OUT}/library-${i}.mjs`;
    await bundleSource(`export { handler } from './scripts/bench/hello-sdk.ts';\n${source}`, file);
    libraries.push({ name, file, kb: (await stat(file)).size / 1024 - helloSdkKb });
  }
  // Interleave baseline and function runs so machine noise hits both alike; each function twice, with the
  // secret in the environment and fetched from Secrets Manager.
  const secretsManager = await startSecretsManager({ [JWT_SECRET_ARN]: JWT_SECRET });
  const cloud = cloudEnv(secretsManager.endpoint);
  const measured = [
    ...[helloFile, helloSdkFile, ...bundles.map((b) => b.file), ...libraries.map((l) => l.file)].map((file) => ({ key: file, file, env: fnEnv })),
    ...bundles.map((b) => ({ key: `cloud:${b.file}`, file: b.file, env: cloud })),
  ];
  const runs = new Map<string, number[]>(measured.map(({ key }) => [key, []]));
  try {
    for (let i = 0; i < INIT_RUNS; i++) for (const { key, file, env } of measured) runs.get(key)!.push(await initMs(file, env));
  } finally {
    await secretsManager.close();
  }
  const cloudRuns = INIT_RUNS * bundles.length;
  if (secretsManager.calls !== cloudRuns) throw new Error(`Expected ${cloudRuns} GetSecretValue calls at init, the local Secrets Manager answered ${secretsManager.calls}`);
  const init = (key: string) => median(runs.get(key)!);
  const helloInit = init(helloFile);
  const helloSdkInit = init(helloSdkFile);
  return {
    helloKb,
    helloInit,
    helloSdkInit,
    skipped,
    rows: bundles.map((b) => ({
      ...b,
      init: init(b.file),
      ratio: init(b.file) / helloInit,
      sdkRatio: init(b.file) / helloSdkInit,
      cloudInit: init(`cloud:${b.file}`),
    })),
    libraries: libraries.map((l) => ({ ...l, addedMs: init(l.file) - helloSdkInit })),
  };
}

/** Bundles and times; the Markdown for docs/benchmarks.md. */
export async function benchColdStart(date: string): Promise<string> {
  const f = await benchFunctions();
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  return [
    `Measured ${date} on this machine (2 cores, Node ${process.versions.node}); init = median of ${INIT_RUNS} fresh Node processes importing the bundle, interleaved with the baselines. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min; the machine is shared).`,
    '',
    `Baselines: hello-world bundled the same way: ${f.helloKb.toFixed(1)} KB, init ${f.helloInit.toFixed(2)} ms; hello-world plus the DynamoDB document client (AWS SDK load): init ${f.helloSdkInit.toFixed(2)} ms.`,
    '',
    `Init with the secret in the environment (as locally), then as in the cloud: \`JWT_SECRET_ARN\` only, \`config.ts\` fetching the secret from Secrets Manager at init (a local GetSecretValue endpoint, so the figure holds the Secrets Manager client's load and one round trip on loopback, not the network's latency).`,
    '',
    `| function | bundle KB | < ${BUNDLE_LIMIT_KB} KB | init ms | init / hello | < ${INIT_RATIO_LIMIT}x | init / hello+SDK | < ${INIT_RATIO_LIMIT}x | own code ms (init - hello+SDK) | init ms, secret from Secrets Manager | the fetch adds ms |`,
    '|---|---:|---|---:|---:|---|---:|---|---:|---:|---:|',
    ...f.rows.map(
      (r) =>
        `| ${r.name} | ${r.kb.toFixed(1)} | ${ok(r.kb < BUNDLE_LIMIT_KB)} | ${r.init.toFixed(2)} | ${r.ratio.toFixed(1)} | ${ok(r.ratio < INIT_RATIO_LIMIT)} | ${r.sdkRatio.toFixed(2)} | ${ok(r.sdkRatio < INIT_RATIO_LIMIT)} | ${(r.init - f.helloSdkInit).toFixed(1)} | ${r.cloudInit.toFixed(2)} | ${(r.cloudInit - r.init).toFixed(1)} |`,
    ),
    '',
    `Own code, broken down: what each shared library adds to hello+SDK when bundled and initialised the same way (same run, same median):`,
    '',
    '| library | adds KB | adds init ms |',
    '|---|---:|---:|',
    ...f.libraries.map((l) => `| ${l.name} | ${l.kb.toFixed(1)} | ${l.addedMs.toFixed(1)} |`),
    '',
    ...(f.skipped.length > 0 ? [`Not measured (in the manifest, module not written yet): ${f.skipped.join(', ')}.`] : []),
  ]
    .join('\n')
    .trimEnd();
}
