// $disconnect: forget the connection.
import { wsHandler } from '#functions/lib/ws.ts';
import { deleteConnection, getConnection } from '#functions/data/connections.ts';

export const handler = wsHandler(async (event) => {
  const connection = await getConnection(event.requestContext.connectionId);
  if (connection) await deleteConnection(connection);
  return { statusCode: 200 };
});
