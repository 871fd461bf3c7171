// Builds the SPA only when a source is newer than the last build, so a second start is fast.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import lockfile from 'proper-lockfile';
import { repoRoot, sharedDir, viteConfigFile, webDir, webDist } from './paths.ts';

const viteBin = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');

async function isSpaStale(): Promise<boolean> {
  const built = await stat(join(webDist, 'index.html')).catch(() => undefined);
  if (!built) return true;
  const lockFile = await stat(join(repoRoot, 'package-lock.json')).catch(() => undefined);
  const newest = Math.max(await newestMtime(webDir), await newestMtime(sharedDir), lockFile?.mtimeMs ?? 0);
  return newest > built.mtimeMs;
}

/**
 * Returns whether it built. Runs that start together (npm test's unit and browser runs, each with its own
 * cloud) share web/dist: one builds while the others wait on the lock, then find the build fresh.
 */
export async function buildSpaIfStale(): Promise<boolean> {
  const release = await lockfile.lock(webDir, { lockfilePath: join(repoRoot, 'node_modules', '.spa-build.lock'), stale: 30_000, retries: { retries: 1_000, minTimeout: 100, maxTimeout: 500 } });
  try {
    return await buildIfStale();
  } finally {
    await release();
  }
}

async function buildIfStale(): Promise<boolean> {
  if (!(await isSpaStale())) return false;
  // A child process with NODE_ENV=production: Vite takes NODE_ENV over the mode, and under vitest
  // (NODE_ENV=test) it would bundle React's development build.
  const { stderr } = await promisify(execFile)(process.execPath, [viteBin, 'build', '--config', viteConfigFile, '--logLevel', 'error'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (stderr.trim()) console.error(stderr.trim());
  return true;
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === webDist || entry.name === 'node_modules') continue;
    const mtime = entry.isDirectory() ? await newestMtime(path) : (await stat(path)).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}
