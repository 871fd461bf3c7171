// Every function's bundle, built as the deploy builds it (infra/bundling.ts), stays under the budget:
// a smaller zip starts faster (docs/benchmarks.md). Pure-JS dependencies such as the avatars' JPEG codec
// must fit in it.
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBundleOptions, functionEntry, REPO_ROOT } from '../../infra/bundling.ts';
import { queues, routes, wsRoutes } from '../../shared/routes.ts';

const BUDGET_BYTES = 250 * 1024;
const handlers = [...new Set([...routes, ...wsRoutes, ...queues].map((r) => r.handler))];

describe('function bundles', () => {
  it(`are each under ${BUDGET_BYTES / 1024} KB`, async () => {
    const outdir = path.join(REPO_ROOT, '.size-bundles'); // never written: write is false
    const result = await build({
      ...functionBundleOptions,
      entryPoints: Object.fromEntries(handlers.map((h) => [h, functionEntry(h)])),
      outdir,
      write: false,
      logLevel: 'error',
    });
    const sizes = Object.fromEntries(result.outputFiles.map((file) => [path.relative(outdir, file.path).replace(/\.js$/, ''), file.contents.length]));
    expect(Object.keys(sizes).sort()).toEqual([...handlers].sort());
    expect(Object.entries(sizes).filter(([, size]) => size >= BUDGET_BYTES)).toEqual([]);
    expect(sizes['user/update-avatar']).toBeGreaterThan(sizes['user/update-user']); // the codec is in it
  }, 60_000);
});
