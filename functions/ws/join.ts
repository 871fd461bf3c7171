// join: accepted only for the user this connection authenticated as at $connect.
import { wsJoinSchema } from '#shared/schemas.ts';
import { wsHandler } from '#functions/lib/ws.ts';
import { getConnection } from '#functions/data/connections.ts';

function parseJoin(body: string | undefined, isBase64Encoded = false) {
  try {
    const text = Buffer.from(body ?? '', isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
    return wsJoinSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

export const handler = wsHandler(async (event) => {
  const message = parseJoin(event.body, event.isBase64Encoded);
  const connection = message && (await getConnection(event.requestContext.connectionId));
  const statusCode = !message ? 400 : connection && connection.userId === message.userId ? 200 : 403;
  // The reply reaches the client where the route has a route response (always, locally).
  return { statusCode, body: JSON.stringify({ action: 'join', statusCode }) };
});
