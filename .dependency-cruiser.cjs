// Who may import whom (`npm run deps`, part of `npm test`); docs/architecture.md draws the same map.
// functions/, bottom up:
//   platform/   AWS clients, config, logging, metrics, errors, concurrency (imports shared/ only)
//   data/       the one table: one module per item family, owning its keys (imports platform/)
//   <context>/  a bounded context's rules, no HTTP in them, using only the contexts listed below it; a
//               context may group some of its rules in a subfolder (catalog/engine/: the tournament engine)
//   http/       the HTTP and WebSocket frame: middleware, cookies, bodies, error answers; it
//               authenticates each request by identity's session rule
//   <context>/handlers/  its entry points (HTTP routes, WebSocket routes, queue and stream workers,
//               schedule targets): one file each, using their own context, the frame and the platform.
// shared/ is used by everything and uses nothing of ours but itself. Runtime code (functions/, shared/,
// web/) never imports infra/, scripts/ or tests/.
// web/src/, top down: app/ composes the features (the routes, the shell's providers); features/ never
// import another feature or app/; components/ (shared UI) use lib/; lib/ (requests, session, rules) uses
// neither components/ nor a feature. Cross-feature pieces are composed in app/ or live in components/ or lib/.

/** Each context and the contexts its rules may use (their own, platform/ and data/ always). */
const CONTEXTS = {
  notifications: [],
  wallet: ['notifications'],
  betting: ['notifications'],
  // notifications: a user allowed to create tournaments is told so.
  catalog: ['betting', 'notifications'],
  community: ['catalog'],
  exports: ['catalog'],
  live: ['betting'],
  reminders: ['betting', 'notifications'],
  settlement: ['betting', 'catalog', 'community', 'notifications'],
  // community: a new account's first sign-in joins the group of the invite it registered from.
  identity: ['catalog', 'community', 'notifications'],
  // The tournament-winner pool: stakes (betting's limits), the organiser's say (catalog), a group's picks
  // (community), a call-off's share (settlement).
  pools: ['betting', 'catalog', 'community', 'notifications', 'settlement'],
  // The table stream's one consumer: it hands each record to the contexts that react to it.
  stream: ['live', 'notifications', 'pools', 'reminders'],
};
const names = Object.keys(CONTEXTS);
const TESTS = '\\.test\\.tsx?$';
const either = (list) => `^functions/(${list.join('|')})/`;
/** A context's rules: a file of its folder, or of one subfolder other than handlers/ (catalog/engine/). */
const RULES = '([^/]+|(?!handlers/)[^/]+/[^/]+)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Files that import each other in a loop.', from: {}, to: { circular: true } },
    {
      name: 'runtime-not-deploy-code',
      severity: 'error',
      comment: 'Runtime code never reaches into deploy code, scripts or tests.',
      from: { path: '^(functions|shared|web)/', pathNot: TESTS },
      to: { path: '^(infra|scripts|tests)/' },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'shared/ is the vocabulary of the web app and the functions: it depends on neither.',
      from: { path: '^shared/' },
      to: { path: '^(functions|web)/' },
    },
    {
      name: 'platform-at-the-bottom',
      severity: 'error',
      comment: 'The platform knows nothing of the table, the rules, HTTP or the entry points.',
      from: { path: '^functions/platform/', pathNot: TESTS },
      to: { path: '^functions/', pathNot: '^functions/platform/' },
    },
    {
      name: 'store-above-platform-only',
      severity: 'error',
      comment: 'functions/data owns the keys and items; it does not call rules, HTTP or entry points.',
      from: { path: '^functions/data/', pathNot: TESTS },
      to: { path: '^functions/', pathNot: '^functions/(platform|data)/' },
    },
    ...names.map((name) => ({
      name: `rules-of-${name}`,
      severity: 'error',
      comment: `The rules of ${name} use the platform, the store and ${CONTEXTS[name].join(', ') || 'no other context'}: no HTTP, no entry point.`,
      from: { path: `^functions/${name}/${RULES}`, pathNot: TESTS },
      to: { path: '^functions/', pathNot: either(['platform', 'data', name, ...CONTEXTS[name]]) + RULES },
    })),
    {
      name: 'http-frame',
      severity: 'error',
      comment: 'The frame uses the platform, the store and identity (to authenticate), never an entry point.',
      from: { path: '^functions/http/', pathNot: TESTS },
      to: { path: '^functions/', pathNot: '^functions/(platform|data|http|identity)/[^/]+$' },
    },
    {
      name: 'entry-points-use-their-own-context',
      severity: 'error',
      comment: 'An entry point uses its own context, the frame and the platform: never another context or entry point.',
      from: { path: '^functions/([^/]+)/handlers/', pathNot: `${TESTS}|^functions/stream/` },
      to: { path: '^functions/', pathNot: `^functions/(platform|http)/[^/]+$|^functions/$1/` },
    },
    {
      name: 'the-stream-consumer-hands-on',
      severity: 'error',
      comment: "The table stream's one consumer hands each record to the contexts that react to it, and to no other.",
      from: { path: '^functions/stream/handlers/', pathNot: TESTS },
      to: { path: '^functions/', pathNot: either(['platform', 'http', 'stream', ...CONTEXTS.stream]) + RULES },
    },
    {
      name: 'web-not-functions',
      severity: 'error',
      comment: 'The web app talks to the functions over HTTP only (types come from shared/).',
      from: { path: '^web/' },
      to: { path: '^functions/' },
    },
    {
      name: 'features-independent',
      severity: 'error',
      comment: 'A web feature never imports another: compose them in web/src/app, share through web/src/components or web/src/lib.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment: 'The app composes the features; a feature is handed what it needs from web/src/app (props), or it lives in web/src/lib.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-web-parts-not-features',
      severity: 'error',
      comment: 'web/src/components and web/src/lib serve every feature, so they know none.',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'lib-not-components',
      severity: 'error',
      comment: 'web/src/lib (requests, session, rules) sits below the shared UI: a component uses lib, never the other way.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/components/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|web/dist|cdk\\.out|\\.local)/' },
  },
};
