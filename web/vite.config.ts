import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

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
