// `npm run bench`: cold-start figures of every function and the SPA's initial JavaScript, each as a ratio
// to a baseline measured in the same run. Prints a Markdown table and rewrites its section of docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile, stat, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { routes, wsRoutes } from '../shared/routes.ts';
import { bundleHandler } from './bench/bundle.ts';

const OUT = '.bench';
const INIT_RUNS = Number(process.env.BENCH_INIT_RUNS ?? 15);
const BUNDLE_LIMIT_KB = 250;
const INIT_RATIO_LIMIT = 1.5;
const SPA_LIMIT_KB = 100;

// Functions read configuration at init; give them a plausible one without touching any AWS endpoint.
const fnEnv = {
  ...process.env,
  NODE_NO_WARNINGS: '1', // the SDK's Node 20 deprecation notice would flood the output
  TABLE_NAME: 'bench',
  AVATAR_BUCKET: 'bench',
  ASSET_BASE_URL: '',
  APP_ORIGIN: 'http://localhost:3000',
  MAIL_FROM: 'bench@example.com',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

function initMs(bundle: string): number {
  const out = execFileSync(process.execPath, ['scripts/bench/measure-init.mjs', path.resolve(bundle)], { env: fnEnv });
  return JSON.parse(out.toString()).ms;
}

async function benchFunctions() {
  const entries = [
    ...routes.map((r) => ({ name: `${r.method} ${r.path}`, handler: r.handler })),
    ...wsRoutes.map((r) => ({ name: `ws ${r.routeKey}`, handler: r.handler })),
  ];
  const helloFile = `${OUT}/hello.mjs`;
  const helloSdkFile = `${OUT}/hello-sdk.mjs`;
  await bundleHandler('scripts/bench/hello.ts', helloFile);
  await bundleHandler('scripts/bench/hello-sdk.ts', helloSdkFile);
  const helloKb = (await stat(helloFile)).size / 1024;
  const bundles = [];
  for (const e of entries) {
    const file = `${OUT}/${e.handler.replaceAll('/', '__')}.mjs`;
    await bundleHandler(`functions/${e.handler}.ts`, file);
    bundles.push({ ...e, file, kb: (await stat(file)).size / 1024 });
  }
  // Interleave baseline and function runs so machine noise hits both alike.
  const helloRuns: number[] = [];
  const helloSdkRuns: number[] = [];
  const runs = new Map<string, number[]>(bundles.map((b) => [b.file, []]));
  for (let i = 0; i < INIT_RUNS; i++) {
    helloRuns.push(initMs(helloFile));
    helloSdkRuns.push(initMs(helloSdkFile));
    for (const b of bundles) runs.get(b.file)!.push(initMs(b.file));
  }
  const helloInit = median(helloRuns);
  const helloSdkInit = median(helloSdkRuns);
  return {
    helloKb,
    helloInit,
    helloSdkInit,
    rows: bundles.map((b) => {
      const init = median(runs.get(b.file)!);
      return { ...b, init, ratio: init / helloInit, sdkRatio: init / helloSdkInit };
    }),
  };
}

async function benchSpa() {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
  const html = await readFile('web/dist/index.html', 'utf8');
  // Initial JavaScript: the entry script plus every module it preloads.
  const srcs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  let gz = 0;
  for (const src of new Set(srcs)) gz += gzipSync(await readFile(path.join('web/dist', src))).length;
  const chunks = (await readdir('web/dist/assets')).filter((f) => f.endsWith('.js')).length;
  return { initialKb: gz / 1024, files: new Set(srcs).size, chunks };
}

const f = await benchFunctions();
const spa = await benchSpa();
const ok = (b: boolean) => (b ? 'yes' : '**NO**');
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, Node ${process.versions.node}); init = median of ${INIT_RUNS} fresh Node processes importing the bundle, interleaved with the baseline.`,
  '',
  `Baselines: hello-world bundled the same way: ${f.helloKb.toFixed(1)} KB, init ${f.helloInit.toFixed(2)} ms; hello-world plus the DynamoDB document client (AWS SDK load): init ${f.helloSdkInit.toFixed(2)} ms.`,
  '',
  `| function | bundle KB | < ${BUNDLE_LIMIT_KB} KB | init ms | init / hello | < ${INIT_RATIO_LIMIT}x | init / hello+SDK | < ${INIT_RATIO_LIMIT}x |`,
  '|---|---:|---|---:|---:|---|---:|---|',
  ...f.rows.map(
    (r) =>
      `| ${r.name} | ${r.kb.toFixed(1)} | ${ok(r.kb < BUNDLE_LIMIT_KB)} | ${r.init.toFixed(2)} | ${r.ratio.toFixed(1)} | ${ok(r.ratio < INIT_RATIO_LIMIT)} | ${r.sdkRatio.toFixed(2)} | ${ok(r.sdkRatio < INIT_RATIO_LIMIT)} |`,
  ),
  '',
  `SPA initial JavaScript (entry + modulepreloads, gzip): **${spa.initialKb.toFixed(1)} KB** in ${spa.files} files (target < ${SPA_LIMIT_KB} KB: ${ok(spa.initialKb < SPA_LIMIT_KB)}); ${spa.chunks} JS chunks in all (routes load on demand).`,
];
const section = lines.join('\n');
console.log(section);

const DOC = 'docs/benchmarks.md';
const START = '<!-- bench:cold-start -->';
const END = '<!-- /bench:cold-start -->';
const doc = await readFile(DOC, 'utf8').catch(() => '');
const block = `${START}\n${section}\n${END}`;
await writeFile(DOC, doc.includes(START) ? doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), block) : `${doc}\n${block}\n`);
