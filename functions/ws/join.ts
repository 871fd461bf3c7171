// join: accepted only for the user this connection authenticated as at $connect.
import { wsJoinSchema } from '#shared/schemas.ts';
import { parseWsMessage, wsHandler } from '#functions/lib/ws.ts';
import { getConnection } from '#functions/data/connections.ts';

export const handler = wsHandler(async (event) => {
  const message = parseWsMessage(event, wsJoinSchema);
  const connection = message && (await getConnection(event.requestContext.connectionId));
  const statusCode = !message ? 400 : connection?.userId !== undefined && connection.userId === message.userId ? 200 : 403;
  // The reply reaches the client where the route has a route response (always, locally).
  return { statusCode, body: JSON.stringify({ action: 'join', statusCode }) };
});
