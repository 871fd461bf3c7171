// $connect: refused from another site's page (403). Without an access-token cookie the connection is
// anonymous: it may only watch tournaments (public data). With one, the cookie must authenticate it
// (401 otherwise, so the client renews its session and retries), and the connection is stored with its
// session for pushes to the user and for closing at logout.
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
  const connectionId = event.requestContext.connectionId;
  const accessToken = parseCookies(headerValue(event.headers, 'cookie'))[ACCESS_COOKIE];
  if (!accessToken) {
    await saveConnection({ connectionId }, nowSeconds());
    return { statusCode: 200 };
  }
  const caller = await authenticate(accessToken);
  if (!caller) return { statusCode: 401 };
  const connection = { connectionId, userId: caller.userId, sessionId: caller.sessionId };
  await saveConnection(connection, nowSeconds());
  // A session that ended while this record was written found nothing to close: look again.
  if (!(await getOpenSession(caller.sessionId, caller.userId))) {
    await deleteConnection(connection);
    return { statusCode: 401 };
  }
  return { statusCode: 200 };
});
