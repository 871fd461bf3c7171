// watch: live updates of one tournament's events on this connection, anonymous or signed in. Answers
// 200, 400 (not {"action":"watch","tournamentId":<uuid>}), 404 (no such tournament) or 429 (the
// connection watches MAX_WATCHES tournaments already).
import type { WatchReply } from '#shared/api.ts';
import { wsWatchSchema } from '#shared/schemas.ts';
import { nowSeconds } from '#functions/lib/dynamodb.ts';
import { parseWsMessage, wsHandler } from '#functions/lib/ws.ts';
import { MAX_WATCHES, watchTournament } from '#functions/data/connections.ts';
import { getTournament } from '#functions/data/tournaments.ts';
import { tournamentCrowdSplits } from '#functions/domain/live-cards.ts';

async function watch(connectionId: string, tournamentId: string): Promise<WatchReply> {
  const reply = { action: 'watch' as const, tournamentId };
  if (!(await getTournament(tournamentId))) return { ...reply, statusCode: 404 };
  const outcome = await watchTournament(connectionId, tournamentId, nowSeconds());
  if (outcome === 'too-many') return { ...reply, statusCode: 429, maxWatches: MAX_WATCHES };
  if (outcome === 'no-connection') return { ...reply, statusCode: 403 };
  // Updates after this point are pushed; the split as it stands now comes with the reply.
  return { ...reply, statusCode: 200, crowds: await tournamentCrowdSplits(tournamentId) };
}

export const handler = wsHandler(async (event) => {
  const message = parseWsMessage(event, wsWatchSchema);
  const reply: WatchReply = message ? await watch(event.requestContext.connectionId, message.tournamentId) : { action: 'watch', statusCode: 400 };
  return { statusCode: reply.statusCode, body: JSON.stringify(reply) };
});
