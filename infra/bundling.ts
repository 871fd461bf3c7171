// How a function's code is packaged, defined here once for the deploy and read by the benchmarks
// (scripts/bench/bundle.ts) and the grants test (tests/infra/code-needs.ts), so all three measure one thing.
// 'esbuild' bundles with the local esbuild through NodejsFunction (never Docker); 'stub' puts a tiny
// inline handler in place of each bundle: the synth tests check the template, not the code, and
// bundling ~45 functions takes most of a minute (docs/deploy.md).
import { fileURLToPath } from 'node:url';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

export type BundlingMode = 'esbuild' | 'stub';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const functionEntry = (handler: string) => `${REPO_ROOT}functions/${handler}.ts`;

/**
 * A handler's bundle in esbuild's terms: bundled, minified, tree-shaken, ESM for node22. The AWS SDK v3
 * stays external: the Lambda Node.js runtime provides it (NodejsFunction's default too).
 * https-proxy-agent (with agent-base, debug, ms, supports-color: ~18 KB) is required by web-push only
 * inside sendNotification when a proxy is configured; we build requests with generateRequestDetails and
 * send them with fetch (functions/notifications/web-push-delivery.ts), so that require never runs.
 */
export const functionBundleOptions = {
  bundle: true,
  minify: true,
  treeShaking: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // ESM bundles that pull in CommonJS dependencies need a require() of their own.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  legalComments: 'none',
  external: ['@aws-sdk/*', 'https-proxy-agent'],
} satisfies BuildOptions;

/** The same options in NodejsFunction's terms, plus source maps. */
export const nodejsBundling: BundlingOptions = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: functionBundleOptions.target,
  minify: functionBundleOptions.minify,
  banner: functionBundleOptions.banner.js,
  externalModules: functionBundleOptions.external,
  mainFields: ['module', 'main'],
  // Mappings only: stack traces get file and line (NODE_OPTIONS=--enable-source-maps), the zip stays small.
  sourceMap: true,
  sourcesContent: false,
  logLevel: LogLevel.WARNING,
  esbuildArgs: { '--tree-shaking': String(functionBundleOptions.treeShaking), '--legal-comments': functionBundleOptions.legalComments },
};
