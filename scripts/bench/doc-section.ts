// Each benchmark owns a marked section of docs/benchmarks.md (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`)
// and rewrites only that section, so the prose around it stays as written.
import { readFile, writeFile } from 'node:fs/promises';

const DOC = 'docs/benchmarks.md';

export async function writeDocSection(name: string, body: string): Promise<void> {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const doc = await readFile(DOC, 'utf8').catch(() => '');
  const block = `${start}\n${body}\n${end}`;
  const at = doc.indexOf(start);
  const endAt = doc.indexOf(end);
  const updated = at >= 0 && endAt > at ? doc.slice(0, at) + block + doc.slice(endAt + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  await writeFile(DOC, updated);
}
