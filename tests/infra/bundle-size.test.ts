// Every function's bundle, built as the deploy builds it (infra/bundling.ts), stays under the budget:
// a smaller zip starts faster (docs/benchmarks.md). Pure-JS dependencies such as the avatars' JPEG codec
// must fit in it.
import { describe, expect, it } from 'vitest';
import { queues, routes, wsRoutes } from '../../shared/routes.ts';
import { bundleAll } from './code-needs.ts';

const BUDGET_BYTES = 250 * 1024;
const handlers = [...new Set([...routes, ...wsRoutes, ...queues].map((r) => r.handler))];

describe('function bundles', () => {
  it(`are each under ${BUDGET_BYTES / 1024} KB`, async () => {
    const sizes = Object.fromEntries([...(await bundleAll(handlers))].map(([handler, code]) => [handler, Buffer.byteLength(code)]));
    expect(Object.keys(sizes).sort()).toEqual([...handlers].sort());
    expect(Object.entries(sizes).filter(([, size]) => size >= BUDGET_BYTES)).toEqual([]);
    expect(sizes['user/update-avatar']).toBeGreaterThan(sizes['user/update-user']); // the codec is in it
  }, 60_000);
});
