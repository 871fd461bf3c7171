// Live match cards, the reading side (no pushes, so the functions that only read stay small): the crowd
// split of events for the `watch` reply, and the signed-in bettor's own bets for the cards.
import type { CardBet, CrowdSplit, WatchReply } from '#shared/api.ts';
import { nowSeconds } from '#functions/platform/dynamodb.ts';
import { MAX_WATCHES, watchTournament } from '#functions/data/connections.ts';
import { getTournament } from '#functions/data/tournaments.ts';
import * as bets from '#functions/data/bets.ts';
import * as crowd from '#functions/data/crowd.ts';
import * as events from '#functions/data/events.ts';

export const splitOf = (tournamentId: string, record: crowd.CrowdRecord): CrowdSplit => ({ eventId: record.eventId, tournamentId, bettors: record.bettors });

/** The crowd split of each of these events that has bettors. */
export async function crowdSplits(list: events.EventRecord[]): Promise<CrowdSplit[]> {
  const crowds = await crowd.getCrowds(list.map((event) => event.id));
  return list.flatMap((event) => {
    const record = crowds.get(event.id);
    return record ? [splitOf(event.tournamentId, record)] : [];
  });
}

/** The crowd split of every event of the tournament (the `watch` reply). */
export const tournamentCrowdSplits = async (tournamentId: string) => crowdSplits(await events.listTournamentEvents(tournamentId));

/** The caller's bets as the event cards show them (their own partition: one Query). */
export async function cardBets(userId: string): Promise<CardBet[]> {
  return (await bets.listUserBets(userId)).map(({ eventId, teamId, amount, status, payout }) => ({
    eventId,
    teamId,
    amount,
    status,
    ...(payout !== undefined && { payout }),
  }));
}

/** A connection's watch of a tournament: 404 no such tournament, 429 too many watched, 403 no connection; 200 with the splits as they stand. */
export async function watch(connectionId: string, tournamentId: string): Promise<WatchReply> {
  const reply = { action: 'watch' as const, tournamentId };
  if (!(await getTournament(tournamentId))) return { ...reply, statusCode: 404 };
  const outcome = await watchTournament(connectionId, tournamentId, nowSeconds());
  if (outcome === 'too-many') return { ...reply, statusCode: 429, maxWatches: MAX_WATCHES };
  if (outcome === 'no-connection') return { ...reply, statusCode: 403 };
  // Updates after this point are pushed; the split as it stands now comes with the reply.
  return { ...reply, statusCode: 200, crowds: await tournamentCrowdSplits(tournamentId) };
}
