import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// Vite 8 transforms TS/TSX with Oxc itself (no React plugin installed): JSX uses React's automatic runtime.
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'baseline-widely-available',
  },
});
