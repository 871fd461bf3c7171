// watch: live updates of one tournament's events on this connection, anonymous or signed in. Answers
// 200, 400 (not {"action":"watch","tournamentId":<uuid>}), 404 (no such tournament) or 429 (the
// connection watches MAX_WATCHES tournaments already).
import type { WatchReply } from '#shared/api.ts';
import { wsWatchSchema } from '#shared/schemas.ts';
import { parseWsMessage, wsHandler } from '#functions/http/ws.ts';
import { watch } from '#functions/live/live-cards.ts';

export const handler = wsHandler(async (event) => {
  const message = parseWsMessage(event, wsWatchSchema);
  const reply: WatchReply = message ? await watch(event.requestContext.connectionId, message.tournamentId) : { action: 'watch', statusCode: 400 };
  return { statusCode: reply.statusCode, body: JSON.stringify(reply) };
});
