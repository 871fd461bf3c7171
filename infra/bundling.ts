// How a function's code is packaged. 'esbuild' bundles with the local esbuild through NodejsFunction
// (never Docker), with the options the benchmarks bundle with, so bench and deploy measure one thing.
// 'stub' puts a tiny inline handler in place of each bundle: the synth tests check the template, not
// the code, and bundling ~45 functions takes most of a minute (docs/deploy.md).
import { fileURLToPath } from 'node:url';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { bundleOptions } from '../scripts/bench/bundle.ts';

export type BundlingMode = 'esbuild' | 'stub';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const functionEntry = (handler: string) => `${REPO_ROOT}functions/${handler}.ts`;

/** scripts/bench/bundle.ts's esbuild options in NodejsFunction's terms, plus source maps. */
export const nodejsBundling: BundlingOptions = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: String(bundleOptions.target),
  minify: bundleOptions.minify,
  banner: bundleOptions.banner?.js,
  externalModules: bundleOptions.external,
  mainFields: ['module', 'main'],
  // Mappings only: stack traces get file and line (NODE_OPTIONS=--enable-source-maps), the zip stays small.
  sourceMap: true,
  sourcesContent: false,
  logLevel: LogLevel.WARNING,
  esbuildArgs: { '--tree-shaking': String(bundleOptions.treeShaking), '--legal-comments': String(bundleOptions.legalComments) },
};
