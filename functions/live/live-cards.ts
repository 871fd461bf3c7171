// Live match cards, the reading side (no pushes, so the functions that only read stay small): the events'
// states and crowd split for the `watch` reply, and the signed-in bettor's own bets for the cards.
import type { CardBet, CrowdSplit, LiveEventState, WatchReply } from '#shared/api.ts';
import { isBettingOpen } from '#functions/betting/betting-rules.ts';
import { scoringOf } from '#functions/betting/match-scoring.ts';
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

/** An event's state as its card shows it (pushed on every change, and each event's with the `watch` reply). */
export const liveState = (event: events.EventRecord, now = new Date()): LiveEventState => ({
  _id: event.id,
  tournamentId: event.tournamentId,
  time: event.time,
  isBetActive: isBettingOpen(event, now),
  winnerTeamId: event.winnerTeamId ?? null,
  ...(event.isVoid && { isVoid: true as const }),
  ...scoringOf(event),
});

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
  // Updates after this point are pushed. What changed between the watcher's first read and now would
  // never be, so each event's state and split as they stand now come with the reply.
  const list = await events.listTournamentEvents(tournamentId);
  return { ...reply, statusCode: 200, states: list.map((event) => liveState(event)), crowds: await crowdSplits(list) };
}
