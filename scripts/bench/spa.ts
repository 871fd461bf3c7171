// The SPA, `npm run bench -- spa`: a production build (Vite, with its build manifest) in .bench/spa/dist,
// then
// - for every route of the route manifest (web/src/app/route-manifest.tsx), the JavaScript a browser
//   loads on a first visit: the entry chunk and its static imports, plus the route's lazy page chunk and
//   its static imports, taken from Vite's manifest (the chunk graph), gzipped and summed;
// - Lighthouse (mobile preset: Moto G Power emulation, simulated Slow 4G and 4x CPU throttling) on /home
//   and /events of a local cloud serving that build, several runs each, interleaved; median scores and
//   metrics.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { startCloudProcess } from '../../infra/local/cloud-process.ts';
import { API_BASE_PATH } from '../../shared/constants.ts';
import type { Tournament } from '../../shared/api.ts';
import { PATHS } from '../../web/src/lib/paths.ts';
import { median } from './stats.ts';

const OUT = path.resolve('.bench/spa');
const DIST = path.join(OUT, 'dist');
const ROUTE_MANIFEST = 'web/src/app/route-manifest.tsx';
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const JS_LIMIT_KB = 100;
const SCORE_TARGET = 95;

// ---------------------------------------------------------------------------------------------------
// Initial JavaScript per route

/** One entry of Vite's .vite/manifest.json (keys are sources relative to web/, or `_name-hash.js` for shared chunks). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

/** A route as the manifest declares it: its path, its guard, and its page module (or a redirect). */
interface ManifestRoute {
  path: string;
  access: string;
  /** The page module, relative to web/ as Vite's manifest names it. */
  page?: string;
  redirectTo?: string;
}

/** A production build into `dist`, with Vite's manifest (also used by tests/infra/bundle-size.test.ts). */
export async function buildSpa(dist = DIST): Promise<void> {
  // NODE_ENV=production: Vite takes NODE_ENV over the mode (see spa-build.ts). --manifest writes
  // dist/.vite/manifest.json, the chunk graph; the app's own config is not changed.
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    { env: { ...process.env, NODE_ENV: 'production' } },
  );
}

/**
 * Reads the route manifest's source: `const X = lazyPage(() => import('…'))` declarations and the
 * `appRoutes` array literal. Parsed, not imported: importing it would mean running the app's modules.
 */
async function manifestRoutes(): Promise<ManifestRoute[]> {
  const source = ts.createSourceFile(ROUTE_MANIFEST, await readFile(ROUTE_MANIFEST, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const pages = new Map<string, string>();
  let routeList: ts.ArrayLiteralExpression | undefined;
  const fail = (node: ts.Node, what: string): never => {
    throw new Error(`${ROUTE_MANIFEST}: cannot read ${what}: ${node.getText(source)}`);
  };
  ts.forEachChild(source, function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isCallExpression(init) && init.expression.getText(source) === 'lazyPage') {
        const loader = init.arguments.at(0);
        let specifier: string | undefined;
        loader?.forEachChild(function find(n) {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(n.arguments[0])) specifier = n.arguments[0].text;
          else n.forEachChild(find);
        });
        if (!specifier) fail(node, 'a lazy page');
        // Relative to web/, as Vite's manifest names sources.
        pages.set(node.name.text, path.posix.relative('web', path.posix.join(path.posix.dirname(ROUTE_MANIFEST), specifier!)));
      }
      if (node.name.text === 'appRoutes' && ts.isArrayLiteralExpression(init)) routeList = init;
    }
    node.forEachChild(visit);
  });
  if (!routeList) throw new Error(`${ROUTE_MANIFEST}: no appRoutes array`);
  const value = (expr: ts.Expression): string => {
    if (ts.isStringLiteralLike(expr)) return expr.text;
    if (ts.isPropertyAccessExpression(expr) && expr.expression.getText(source) === 'PATHS') {
      const resolved = (PATHS as Record<string, string | undefined>)[expr.name.text];
      if (resolved !== undefined) return resolved;
    }
    return fail(expr, 'a path');
  };
  return routeList.elements.map((element) => {
    if (!ts.isObjectLiteralExpression(element)) return fail(element, 'a route');
    const route: Partial<ManifestRoute> = {};
    for (const prop of element.properties) {
      if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) return fail(prop, 'a route property');
      const key = prop.name.text;
      if (key === 'path') route.path = value(prop.initializer);
      else if (key === 'access') route.access = value(prop.initializer);
      else if (key === 'redirectTo') route.redirectTo = value(prop.initializer);
      else if (key === 'page') route.page = pages.get(prop.initializer.getText(source)) ?? fail(prop, 'a page (not a lazyPage)');
    }
    if (route.path === undefined || route.access === undefined || (!route.page && !route.redirectTo)) return fail(element, 'a route');
    return route as ManifestRoute;
  });
}

export interface RouteJs {
  route: ManifestRoute;
  /** The page whose chunk is loaded (the redirect target's, for a redirect). */
  page: string;
  files: string[];
  gzipBytes: number;
}

/** The chunk's file and every file it statically imports, transitively (what the browser fetches before running it). */
function staticClosure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key] as ManifestChunk | undefined;
  if (!chunk) throw new Error(`Vite's manifest has no chunk ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Each route's first-visit JavaScript in the build at `dist` (made by buildSpa). */
export async function routeInitialJs(dist = DIST): Promise<{ entry: { files: string[]; gzipBytes: number }; routes: RouteJs[]; jsChunks: number }> {
  const manifest: ViteManifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in Vite's manifest, found ${entries.map(([key]) => key).join(', ')}`);
  const entryKey = entries[0][0];
  const gzipCache = new Map<string, number>();
  const gzipSize = async (file: string) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(await readFile(path.join(dist, file))).length);
    return gzipCache.get(file)!;
  };
  const sum = async (files: Iterable<string>) => {
    let total = 0;
    for (const file of files) total += await gzipSize(file);
    return total;
  };
  const entryFiles = staticClosure(manifest, entryKey);
  const routes = await manifestRoutes();
  const rows: RouteJs[] = [];
  for (const route of routes) {
    // A redirect renders its target: the target's page chunk is what loads.
    const page = route.page ?? routes.find((r) => r.path === route.redirectTo)?.page;
    if (!page) throw new Error(`route ${route.path}: redirect target ${route.redirectTo} has no page`);
    if (!(manifest[page] as ManifestChunk | undefined)?.isDynamicEntry) throw new Error(`route ${route.path}: ${page} is not a lazy chunk in Vite's manifest`);
    const files = staticClosure(manifest, page, new Set(entryFiles));
    rows.push({ route, page, files: [...files], gzipBytes: await sum(files) });
  }
  const jsChunks = new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'))).size;
  return { entry: { files: [...entryFiles], gzipBytes: await sum(entryFiles) }, routes: rows, jsChunks };
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;
type Metric = (typeof METRICS)[number][0];

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<Metric, number>;
  /** Script bytes on the wire, from Lighthouse's network log (headers included). */
  scriptTransferBytes: number;
  scriptFiles: number;
  /** Audits that count toward a category's score (weight > 0) and did not score full marks. */
  failed: { category: string; id: string; title: string; score: number }[];
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster; it varies with the load). */
  benchmarkIndex: number;
  lighthouseVersion: string;
}

/** One Lighthouse run; its full report is kept as `reportFile` (JSON, open it in the Lighthouse viewer). */
async function lighthouseRun(url: string, reportFile: string): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  // A fresh browser per run: nothing cached from the previous one (Lighthouse also clears storage).
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // No config: Lighthouse's default, the mobile preset with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    await writeFile(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round(((lhr.categories[id] as (typeof lhr.categories)[string] | undefined)?.score ?? NaN) * 100);
    const requests = (((lhr.audits['network-requests'] as (typeof lhr.audits)[string] | undefined)?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []).filter(
      (r) => r.resourceType === 'Script',
    );
    const failed = ['performance', 'accessibility'].flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => ({ category, id: audit.id, title: audit.title, score: audit.score ?? 0 })),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: Object.fromEntries(METRICS.map(([name, id]) => [name, lhr.audits[id].numericValue ?? NaN])) as Record<Metric, number>,
      scriptTransferBytes: requests.reduce((total, r) => total + (r.transferSize ?? 0), 0),
      scriptFiles: requests.length,
      failed,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill(); // synchronous: it signals Chrome and returns
  }
}

interface PageResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
}

async function benchLighthouse(): Promise<{ pages: PageResult[]; loadBefore: number[] }> {
  const cloud = await startCloudProcess({ env: { ...process.env, SPA_DIR: DIST }, dataDirPrefix: 'bpw-bench-spa-' });
  try {
    // The local cloud seeds the demo tournaments into its empty table: /events shows the first one's matches.
    const { data: tournaments } = (await (await fetch(`${cloud.baseUrl}${API_BASE_PATH}/game/tournament-list`)).json()) as { data: Tournament[] };
    const tournament = tournaments.find((t) => t.eventCount > 0) ?? tournaments.at(0);
    if (!tournament) throw new Error('the local cloud has no demo tournament');
    const pages: PageResult[] = [
      { name: 'home', path: PATHS.home, runs: [] },
      { name: 'events', path: `${PATHS.events}?${new URLSearchParams({ tournamentId: tournament._id })}`, runs: [] },
    ];
    const loadBefore = loadavg();
    // One warm-up load per page (not reported): the gateway compiles the handlers the pages call.
    for (const page of pages) await fetch(`${cloud.baseUrl}${page.path}`);
    await fetch(`${cloud.baseUrl}${API_BASE_PATH}/game/event-list?${new URLSearchParams({ tournamentId: tournament._id })}`);
    // Interleaved (home, events, home, …) so machine noise hits both pages alike.
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      for (const page of pages) {
        const run = await lighthouseRun(`${cloud.baseUrl}${page.path}`, path.join(OUT, `lighthouse-${page.name}-${i + 1}.json`));
        console.error(`lighthouse ${page.name} #${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}`);
        page.runs.push(run);
      }
    }
    return { pages, loadBefore };
  } finally {
    await cloud.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// The section

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ok = (b: boolean) => (b ? 'yes' : '**NO**');
const ms = (value: number) => `${Math.round(value)} ms`;
const formatMetric = (name: Metric, value: number) => (name === 'CLS' ? value.toFixed(3) : name === 'TBT' ? ms(value) : `${(value / 1000).toFixed(2)} s`);

export async function benchSpa(date: string): Promise<string> {
  await rm(OUT, { recursive: true, force: true });
  await buildSpa();
  const js = await routeInitialJs();
  const largest = js.routes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const over = js.routes.filter((r) => r.gzipBytes / 1024 >= JS_LIMIT_KB);
  const lines = [
    `Measured ${date} on this machine (2 cores, Node ${process.versions.node}); production build by \`vite build\` (its manifest gives the chunk graph), gzip at zlib's default level.`,
    '',
    `**Initial JavaScript per route**: what a first visit loads before the page can render: the entry chunk and its static imports (${js.entry.files.length} file${js.entry.files.length === 1 ? '' : 's'}, ${kb(js.entry.gzipBytes)} KB gzip, the same for every route), plus the route's lazy page chunk and its static imports (a redirect loads its target's). ${js.jsChunks} JS chunks in the build. Largest: \`${largest.route.path}\` at ${kb(largest.gzipBytes)} KB; ${over.length} of ${js.routes.length} routes at or over ${JS_LIMIT_KB} KB.`,
    '',
    `| route | access | page | KB gzip | files | < ${JS_LIMIT_KB} KB |`,
    '|---|---|---|---:|---:|---|',
    ...js.routes.map(
      (r) =>
        `| \`${r.route.path}\` | ${r.route.access} | ${r.route.redirectTo ? `(redirect) ` : ''}\`${r.page.replace(/^src\//, '')}\` | ${kb(r.gzipBytes)} | ${r.files.length} | ${ok(r.gzipBytes / 1024 < JS_LIMIT_KB)} |`,
    ),
  ];
  if (LIGHTHOUSE_RUNS > 0) lines.push('', ...(await lighthouseSection()));
  return lines.join('\n');
}

async function lighthouseSection(): Promise<string[]> {
  const { pages, loadBefore } = await benchLighthouse();
  const version = pages[0].runs[0]?.lighthouseVersion ?? '?';
  const chromiumVersion = (await promisify(execFile)(CHROME_PATH, ['--version']).catch(() => ({ stdout: 'chromium ?' }))).stdout.trim();
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const med = (p: PageResult, pick: (r: LighthouseRun) => number) => median(p.runs.map(pick));
  const lines = [
    `**Lighthouse ${version}** (${chromiumVersion}, headless), its default mobile preset (emulated Moto G Power; simulated throttling: 150 ms RTT, 1.6 Mbit/s down, 4x CPU slowdown), categories performance and accessibility, on a local cloud serving this build (\`startCloudProcess\` with \`SPA_DIR\`, demo data seeded, text compressed as CloudFront does); ${LIGHTHOUSE_RUNS} runs per page, interleaved, a fresh Chromium each; medians. Load average before the runs: ${load(loadBefore)}, after: ${load(loadavg())} (1/5/15 min; the machine is shared).`,
    '',
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | SI | JS transferred |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| \`${p.path}\` | **${med(p, (r) => r.performance)}** | **${med(p, (r) => r.accessibility)}** | ${METRICS.map(([name]) => formatMetric(name, med(p, (r) => r.metrics[name]))).join(' | ')} | ${kb(med(p, (r) => r.scriptTransferBytes))} KB in ${med(p, (r) => r.scriptFiles)} files |`,
    ),
    '',
    ...pages.map((p) => {
      const perf = med(p, (r) => r.performance);
      const a11y = med(p, (r) => r.accessibility);
      return `${p.name}: performance ${perf} (target >= ${SCORE_TARGET}: ${ok(perf >= SCORE_TARGET)}), accessibility ${a11y} (target >= ${SCORE_TARGET}: ${ok(a11y >= SCORE_TARGET)}).`;
    }),
    '',
    "Every run (Lighthouse's benchmark index is its CPU test of the machine at that moment; the simulated 4x slowdown multiplies the observed main-thread time, so TBT follows it):",
    '',
    '| # | page | performance | accessibility | FCP | LCP | TBT | CLS | SI | benchmark index |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...Array.from({ length: LIGHTHOUSE_RUNS }, (_, i) =>
      pages.map((p) => {
        const r = p.runs[i];
        return `| ${i + 1} | ${p.name} | ${r.performance} | ${r.accessibility} | ${METRICS.map(([name]) => formatMetric(name, r.metrics[name])).join(' | ')} | ${Math.round(r.benchmarkIndex)} |`;
      }),
    ).flat(),
    '',
  ];
  // Per audit: in how many runs of each page it fell short.
  const failed = new Map<string, { title: string; category: string; runsByPage: Map<string, number> }>();
  for (const p of pages)
    for (const run of p.runs)
      for (const f of run.failed) {
        const entry = failed.get(f.id) ?? { title: f.title, category: f.category, runsByPage: new Map() };
        entry.runsByPage.set(p.name, (entry.runsByPage.get(p.name) ?? 0) + 1);
        failed.set(f.id, entry);
      }
  const list = (category: string) =>
    [...failed]
      .filter(([, f]) => f.category === category)
      .map(([id, f]) => `\`${id}\` (${f.title.replace(/\.$/, '')}; ${[...f.runsByPage].map(([page, runs]) => `${page} ${runs} of ${LIGHTHOUSE_RUNS} runs`).join(', ')})`)
      .join('; ') || 'none';
  lines.push(`Scored audits short of full marks: performance metrics: ${list('performance')}. Accessibility: ${list('accessibility')}. The reports: \`.bench/spa/lighthouse-<page>-<run>.json\` (open in the Lighthouse viewer).`);
  return lines;
}
