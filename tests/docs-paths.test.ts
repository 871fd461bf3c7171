// The README and docs/ name files so a newcomer can open them: every file they cite (a `path.ts` in
// backticks, whole or as its last folders) must be one the repository has. A move that forgets the docs
// fails here rather than sending a reader to a file that is gone.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Files the docs name that are made when the app runs or builds, never committed. */
const GENERATED = new Set(['env.json', 'functions-env.json', 'sw.js']);
const CITED = /`([a-z][a-z0-9_./-]*\.(?:ts|tsx|cjs|js|json|css))`/g;

const docs = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const exists = (cited: string) => tracked.some((file) => file === cited || file.endsWith(`/${cited}`));

describe('the docs cite files that exist', () => {
  it.each(docs)('%s', (doc) => {
    const cited = [...readFileSync(doc, 'utf8').matchAll(CITED)].map((match) => match[1]);
    const missing = [...new Set(cited)].filter((file) => !GENERATED.has(file) && !exists(file));
    expect(missing).toEqual([]);
  });
});
