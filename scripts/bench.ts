// `npm run bench`: every benchmark, each as a ratio to a baseline measured in the same run. Prints the
// Markdown and rewrites each benchmark's marked section of docs/benchmarks.md.
// `npm run bench -- bets` (or `cold-start`, `settlement`) runs only that one.
import { benchBets, betsSection } from './bench/bets.ts';
import { benchColdStart } from './bench/cold-start.ts';
import { writeDocSection } from './bench/doc-section.ts';
import { benchSettlement, settlementSection } from './bench/settlement.ts';

const benchmarks: Record<string, (date: string) => Promise<string>> = {
  'cold-start': benchColdStart,
  bets: async (date) => betsSection(await benchBets(), date),
  settlement: async (date) => settlementSection(await benchSettlement(), date),
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benchmarks));
if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benchmarks).join(', ')}`);

const date = new Date().toISOString().slice(0, 10);
for (const name of chosen.length > 0 ? chosen : Object.keys(benchmarks)) {
  const section = await benchmarks[name](date);
  console.log(`\n## ${name}\n\n${section}`);
  await writeDocSection(name, section);
}
