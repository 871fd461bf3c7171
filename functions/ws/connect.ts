// $connect: the access-token cookie authenticates the connection; it is stored for pushes to the user.
import { ACCESS_COOKIE } from '#shared/constants.ts';
import { headerValue, parseCookies } from '#functions/lib/cookies.ts';
import { nowSeconds } from '#functions/lib/dynamodb.ts';
import { wsHandler } from '#functions/lib/ws.ts';
import { saveConnection } from '#functions/data/connections.ts';
import { authenticate } from '#functions/domain/sessions.ts';

export const handler = wsHandler(async (event) => {
  const caller = await authenticate(parseCookies(headerValue(event.headers, 'cookie'))[ACCESS_COOKIE]);
  if (!caller) return { statusCode: 401 };
  await saveConnection({ connectionId: event.requestContext.connectionId, userId: caller.userId }, nowSeconds());
  return { statusCode: 200 };
});
