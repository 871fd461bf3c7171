// Each event's tournament, for the stream handlers that need it per bet (reminders: the tournament's
// bettors; crowd: the split's watchers). An event never changes tournament, so this instance reads it
// once per event, however many batches a rush makes and however many handlers ask at once: a request
// saved is a round trip off a batch's path while the rush's own requests crowd the table.
import { getEvents } from '#functions/data/events.ts';

const known = new Map<string, Promise<string | undefined>>();
const REMEMBERED = 10_000;

/** The tournament of each of these events that exists (one BatchGet for those not known yet). */
export async function tournamentsOf(eventIds: readonly string[]): Promise<Map<string, string>> {
  const unknown = [...new Set(eventIds)].filter((id) => !known.has(id));
  if (unknown.length) {
    const read = getEvents(unknown);
    for (const id of unknown) {
      const tournament = read.then((found) => found.get(id)?.tournamentId);
      // A failed read, or an event not there (yet), is asked again next time.
      void tournament.then((t) => t === undefined && known.delete(id), () => known.delete(id));
      known.set(id, tournament);
    }
    while (known.size > REMEMBERED) known.delete(known.keys().next().value!);
  }
  const pairs = await Promise.all(eventIds.map(async (id) => [id, await known.get(id)] as const));
  return new Map(pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined));
}
