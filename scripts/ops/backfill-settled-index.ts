// ops backfill-settled-index: gives the settled-bets index (gsi2) the bets settled before it existed.
// Corrections and the organiser export read an event's settled bets from that index, so a bet missing
// from it would be skipped by both. Safe to run again, or beside live settlements: each bet is updated
// only while it is settled and still unindexed, so a second run adds nothing.
import { forEachLimit } from '../../functions/platform/concurrency.ts';
import type { Item } from '../../functions/platform/dynamodb.ts';
import { addSettledIndexKeys, scanUnindexedSettledBets } from '../../functions/data/bets.ts';

/** Updates in flight at once: a gentle load on a live table. */
const CONCURRENCY = 8;

export async function backfillSettledIndex(): Promise<number> {
  let added = 0;
  let found = 0;
  let startKey: Item | undefined;
  do {
    const page = await scanUnindexedSettledBets(startKey);
    found += page.bets.length;
    await forEachLimit(page.bets, CONCURRENCY, async (bet) => {
      if (await addSettledIndexKeys(bet)) added++;
    });
    startKey = page.nextKey;
  } while (startKey);
  console.log(`Settled index: ${added} bet(s) added, ${found - added} found indexed meanwhile.`);
  return 0;
}
