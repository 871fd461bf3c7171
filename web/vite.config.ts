import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

// react-router's production build declares each of its components as `X = React.forwardRef(...)` (or
// createContext, memo) followed by `X.displayName = "X"`: a call and a property write the bundler must
// assume have effects, so every component stays in the bundle, used or not (NavLink, Form and the form
// submission code behind it, ScrollRestoration...: ~2 KB gzip of the entry chunk). Those calls are pure and
// displayName only names a component in React's developer tools, so the build marks the calls pure and
// drops the names; the components in use are unchanged.
const unusedReactRouterComponentsDropped: Plugin = {
  name: 'bpw:react-router-pure-components',
  apply: 'build',
  transform: {
    filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-/ },
    handler(code) {
      return code
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
    },
  },
};

// The web app manifest and the service worker (src/sw.ts, built by vite-plugin-pwa with the build's file
// list injected for Workbox's precache). `npm run dev` registers no worker: the plugin's registration
// module is a no-op there, so hot reload never fights a cache.
const DARK_BACKGROUND = '#0d1220';
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // The page asks before a new worker takes over (lib/offline/app-status.tsx); it registers the worker itself.
  registerType: 'prompt',
  injectRegister: false,
  injectManifest: {
    // The shell and everything it may load: chunks, styles, the demo images and the icons.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  },
  manifest: {
    id: '/home',
    name: 'Bet, Play, Win',
    short_name: 'BetPlayWin',
    description: 'Back your team with play coins at hostel and campus tournaments.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: DARK_BACKGROUND,
    background_color: DARK_BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  devOptions: { enabled: false },
});

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
    plugins: [installableApp, ...(productionBuild ? [unusedReactRouterComponentsDropped] : [])],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'baseline-widely-available',
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
        // Every imported constant (the message catalogue's strings, the spec's numbers) is written where it
        // is read: a chunk holds the messages its own screens show, and the catalogue module, which many
        // chunks import, is left with its few functions. Read through one module, the strings would travel
        // together: the entry chunk held every console message (~2 KB gzip), or, with the catalogue out of
        // the entry (shared/shell-messages.ts), each page loaded a 2.6 KB chunk of all of them.
        optimization: { inlineConst: { mode: 'all', pass: 2 } },
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
