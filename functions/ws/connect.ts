// $connect: refused from another site's page (403); the access-token cookie authenticates the
// connection, which is stored with its session for pushes to the user and for closing at logout.
import { ACCESS_COOKIE } from '#shared/constants.ts';
import { headerValue, parseCookies } from '#functions/lib/cookies.ts';
import { nowSeconds } from '#functions/lib/dynamodb.ts';
import { fromAnotherSite } from '#functions/lib/request-origin.ts';
import { wsHandler } from '#functions/lib/ws.ts';
import { deleteConnection, saveConnection } from '#functions/data/connections.ts';
import { getOpenSession } from '#functions/data/sessions.ts';
import { authenticate } from '#functions/domain/sessions.ts';

export const handler = wsHandler(async (event) => {
  if (fromAnotherSite(event.headers)) return { statusCode: 403 };
  const caller = await authenticate(parseCookies(headerValue(event.headers, 'cookie'))[ACCESS_COOKIE]);
  if (!caller) return { statusCode: 401 };
  const connection = { connectionId: event.requestContext.connectionId, userId: caller.userId, sessionId: caller.sessionId };
  await saveConnection(connection, nowSeconds());
  // A session that ended while this record was written found nothing to close: look again.
  if (!(await getOpenSession(caller.sessionId, caller.userId))) {
    await deleteConnection(connection);
    return { statusCode: 401 };
  }
  return { statusCode: 200 };
});
