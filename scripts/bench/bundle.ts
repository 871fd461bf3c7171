// Bundles one Lambda handler the way the CDK stack will, with the deploy's options (infra/bundling.ts).
import { build } from 'esbuild';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { functionBundleOptions } from '../../infra/bundling.ts';

export async function bundleHandler(entry: string, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await build({ ...functionBundleOptions, entryPoints: [entry], outfile: outFile, logLevel: 'error' });
}

/** Bundles a module given as source text (resolved from the repository root), the same way. */
export async function bundleSource(contents: string, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await build({ ...functionBundleOptions, stdin: { contents, resolveDir: process.cwd(), loader: 'ts' }, outfile: outFile, logLevel: 'error' });
}
