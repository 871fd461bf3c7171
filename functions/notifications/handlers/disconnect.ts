// $disconnect: forget the connection.
import { wsHandler } from '#functions/http/ws.ts';
import { forgetConnection } from '#functions/notifications/connections.ts';

export const handler = wsHandler(async (event) => {
  await forgetConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
});
