// `npm run bench`: every benchmark, each as a ratio to a baseline measured in the same run. Prints the
// Markdown and rewrites each benchmark's marked section of docs/benchmarks.md.
// `npm run bench -- bets` (or `cold-start`, `spa`, `spike`, `hot-event`, `requests`, `settlement`, `pool-share`, `live-score`) runs only that one.
// Several are run one after another, each in a process of its own: each starts its own local cloud, and
// the functions' modules (their DynamoDB client above all) must be loaded afresh against it.
import { spawnSync } from 'node:child_process';
import { benchBets, betsSection } from './bench/bets.ts';
import { benchColdStart } from './bench/cold-start.ts';
import { writeDocSection } from './bench/doc-section.ts';
import { benchHotEvent, hotEventSection } from './bench/hot-event.ts';
import { benchLiveScore, liveScoreSection } from './bench/live-score.ts';
import { benchPoolShare, poolShareSection } from './bench/pool-share.ts';
import { benchRequests, requestsSection } from './bench/requests.ts';
import { benchSettlement, settlementSection } from './bench/settlement.ts';
import { benchSpa } from './bench/spa.ts';
import { benchSpike, spikeSection } from './bench/spike.ts';

const benchmarks: Record<string, (date: string) => Promise<string>> = {
  'cold-start': benchColdStart,
  spa: benchSpa,
  bets: async (date) => betsSection(await benchBets(), date),
  spike: async (date) => spikeSection(await benchSpike(), date),
  'hot-event': async (date) => hotEventSection(await benchHotEvent(), date),
  requests: async (date) => requestsSection(await benchRequests(), date),
  settlement: async (date) => settlementSection(await benchSettlement(), date),
  'pool-share': async (date) => poolShareSection(await benchPoolShare(), date),
  'live-score': async (date) => liveScoreSection(await benchLiveScore(), date),
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benchmarks));
if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benchmarks).join(', ')}`);

const names = chosen.length > 0 ? chosen : Object.keys(benchmarks);
if (names.length === 1) {
  const [name] = names;
  const section = await benchmarks[name](new Date().toISOString().slice(0, 10));
  console.log(`\n## ${name}\n\n${section}`);
  await writeDocSection(name, section);
} else {
  for (const name of names) {
    const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1], name], { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
