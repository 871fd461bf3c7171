// The step npm runs before `npm test` and `npm start` (scripts/prerequisites.ts), run with a PATH that
// lacks Java and Chromium: it installs them when it may (root, apt-get), or stops with the command to run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/bundling.ts';

const isRoot = process.getuid?.() === 0;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory to be the whole PATH, holding the given executables (shell scripts) and nothing else. */
function pathWith(executables: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bpw-path-'));
  dirs.push(dir);
  for (const [name, script] of Object.entries(executables)) {
    writeFileSync(path.join(dir, name), `#!/bin/sh\n${script}\n`);
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

function prerequisites(purpose: string, PATH: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prerequisites.ts', purpose], { cwd: REPO_ROOT, env: { PATH, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('scripts/prerequisites.ts', () => {
  it('passes quietly when Java and Chromium are on PATH', () => {
    const dir = pathWith({ java: 'exit 0', chromium: 'exit 0' });
    expect(prerequisites('test', dir)).toEqual({ code: 0, output: '' });
  });

  it('stops at once with the one command to run when it cannot install (no apt-get on PATH)', () => {
    const dir = pathWith({});
    const test = prerequisites('test', dir);
    expect(test.code).toBe(1);
    expect(test.output).toContain(`apt-get install -y default-jre-headless chromium fonts-dejavu-core`);
    expect(test.output).toMatch(/needs java .* and chromium/);
    // npm start needs Java alone, and not even that with an external DynamoDB.
    const start = prerequisites('start', dir);
    expect(start.code).toBe(1);
    expect(start.output).toContain('apt-get install -y default-jre-headless\n');
    expect(prerequisites('start', dir, { AWS_ENDPOINT_URL: 'http://localhost:4566' }).code).toBe(0);
  });

  it.runIf(isRoot)('as root with apt-get, installs what is missing from Debian and goes on', () => {
    // A stand-in apt-get: records its arguments and "installs" by putting the commands on PATH.
    const dir = pathWith({});
    const log = path.join(dir, 'apt-get.log');
    writeFileSync(
      path.join(dir, 'apt-get'),
      `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\n[ "$1" = install ] && for c in java chromium; do printf '#!/bin/sh\\n' > ${dir}/$c; /bin/chmod +x ${dir}/$c; done\nexit 0\n`,
    );
    chmodSync(path.join(dir, 'apt-get'), 0o755);
    const run = prerequisites('test', dir);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('installing default-jre-headless chromium fonts-dejavu-core from Debian');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'noninteractive update -qq',
      'noninteractive install -y -qq default-jre-headless chromium fonts-dejavu-core',
    ]);
  });

  it.runIf(isRoot)('reports a failed install instead of going on', () => {
    const dir = pathWith({ 'apt-get': 'exit 100' });
    const run = prerequisites('start', dir);
    expect(run.code).toBe(1);
    expect(run.output).toContain('apt-get update -qq failed (exit code 100)');
  });
});
