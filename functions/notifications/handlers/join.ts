// join: accepted only for the user this connection authenticated as at $connect.
import { wsJoinSchema } from '#shared/schemas.ts';
import { parseWsMessage, wsHandler } from '#functions/http/ws.ts';
import { isConnectionOf } from '#functions/notifications/connections.ts';

export const handler = wsHandler(async (event) => {
  const message = parseWsMessage(event, wsJoinSchema);
  const statusCode = !message ? 400 : (await isConnectionOf(event.requestContext.connectionId, message.userId)) ? 200 : 403;
  // The reply reaches the client where the route has a route response (always, locally).
  return { statusCode, body: JSON.stringify({ action: 'join', statusCode }) };
});
