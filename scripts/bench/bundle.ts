// Bundles one Lambda handler the way the CDK stack will (esbuild: bundled, minified, tree-shaken, ESM, node22).
// The AWS SDK v3 stays external: the Lambda Node.js runtime provides it (CDK's NodejsFunction default too).
import { build, type BuildOptions } from 'esbuild';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export const bundleOptions: BuildOptions = {
  bundle: true,
  minify: true,
  treeShaking: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // ESM bundles that pull in CommonJS dependencies need a require() of their own.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  legalComments: 'none',
  external: ['@aws-sdk/*'],
};

export async function bundleHandler(entry: string, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await build({ ...bundleOptions, entryPoints: [entry], outfile: outFile, logLevel: 'error' });
}

/** Bundles a module given as source text (resolved from the repository root), the same way. */
export async function bundleSource(contents: string, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await build({ ...bundleOptions, stdin: { contents, resolveDir: process.cwd(), loader: 'ts' }, outfile: outFile, logLevel: 'error' });
}
