// What `npm test` and `npm start` need from the machine besides npm packages, checked before they run
// (npm's pretest, prestart and predev): Java for DynamoDB Local, Chromium for the browser tests. When
// one is missing and this runs as root with apt-get (a fresh Debian machine, CI), it installs Debian's
// package; otherwise it stops at once and prints the one command to run.
//   tsx scripts/prerequisites.ts test|start
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { externalEndpoints } from '../infra/local/env.ts';

interface Prerequisite {
  command: string;
  /** Debian's packages that provide it. */
  packages: string[];
  why: string;
}

const java: Prerequisite = { command: 'java', packages: ['default-jre-headless'], why: 'DynamoDB Local, in the local cloud, runs on Java' };
const chromium: Prerequisite = { command: 'chromium', packages: ['chromium', 'fonts-dejavu-core'], why: 'the browser tests drive Chromium' };

/** The local cloud needs no Java when it uses an external DynamoDB (AWS_ENDPOINT_URL…). */
const javaUnlessExternal = () => (externalEndpoints().dynamoDb ? [] : [java]);
const needsOf: Partial<Record<string, () => Prerequisite[]>> = {
  // The tests start their own local cloud, always with DynamoDB Local.
  test: () => [java, chromium],
  start: javaUnlessExternal,
};

/** The executable's path when `command` is on PATH. */
function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

function main(purpose: string | undefined): number {
  const needs = needsOf[purpose ?? '']?.();
  if (!needs) {
    console.error(`Usage: tsx scripts/prerequisites.ts ${Object.keys(needsOf).join('|')}`);
    return 2;
  }
  const missing = needs.filter((need) => !onPath(need.command));
  if (missing.length === 0) return 0;

  const packages = missing.flatMap((need) => need.packages);
  const reasons = missing.map((need) => `${need.command} (${need.why})`).join(' and ');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(`npm ${purpose} needs ${reasons}, not found on PATH. Install it with:\n\n  ${isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}\n`);
    return 1;
  }
  console.log(`npm ${purpose} needs ${reasons}: installing ${packages.join(' ')} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (${run.error?.message ?? `exit code ${run.status}`})`);
      return 1;
    }
  }
  const still = missing.filter((need) => !onPath(need.command));
  if (still.length > 0) {
    console.error(`Installed ${packages.join(' ')}, but ${still.map((need) => need.command).join(' and ')} ${still.length > 1 ? 'are' : 'is'} still not on PATH`);
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv[2]);
