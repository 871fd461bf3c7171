// $connect: refused from another site's page (403). Without an access-token cookie the connection is
// anonymous: it may only watch tournaments (public data). With one, the cookie must authenticate it
// (401 otherwise, so the client renews its session and retries), and the connection is stored with its
// session for posts to the user and for closing at logout (identity/sessions.ts openSocket).
import { ACCESS_COOKIE } from '#shared/constants.ts';
import { headerValue, parseCookies } from '#functions/http/cookies.ts';
import { fromAnotherSite } from '#functions/http/request-origin.ts';
import { wsHandler } from '#functions/http/ws.ts';
import { openSocket } from '#functions/identity/sessions.ts';

export const handler = wsHandler(async (event) => {
  if (fromAnotherSite(event.headers)) return { statusCode: 403 };
  const accessToken = parseCookies(headerValue(event.headers, 'cookie'))[ACCESS_COOKIE];
  return { statusCode: (await openSocket(event.requestContext.connectionId, accessToken)) ? 200 : 401 };
});
