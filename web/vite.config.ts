import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// A production build leaves out library code that can never run in it:
// - react-router's package exports name only its development build, for production bundles too (its dev
//   warnings stay on: remix-run/react-router#14102); the production build it ships next to it is the same
//   code with ENABLE_DEV_WARNINGS off;
// - swr's use-sync-external-store/shim stands in for React 16 and 17 only; React 19 has the hook itself.
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(webRoot, 'src/lib/use-sync-external-store-shim.ts') },
];

// Vite decides "production" from the caller's NODE_ENV when it is set: a build started inside vitest
// (NODE_ENV=test) would bundle React's development code and development JSX. A production build pins both.
export default defineConfig(({ command, mode }) => {
  const productionBuild = command === 'build' && mode === 'production';
  return {
    root: webRoot,
    publicDir: 'public',
    // Vite 8 transforms TS/TSX with Oxc itself (no React plugin installed): JSX uses React's automatic runtime.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react', ...(productionBuild && { development: false }) } },
    define: productionBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    resolve: { alias: productionBuild ? productionAliases : [] },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'baseline-widely-available',
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
        // react-router and swr mark their modules "use client" (for React Server Components); meaningless
        // in a client-only bundle, so the warning is noise.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
      },
    },
  };
});
