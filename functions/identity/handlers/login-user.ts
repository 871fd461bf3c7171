import type { LoginAnswer } from '#shared/api.ts';
import { DEVICE_COOKIE } from '#shared/constants.ts';
import { METRIC } from '#shared/metrics.ts';
import { loginSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { deviceCookie, sessionCookies } from '#functions/http/cookies.ts';
import { count, countingRefusals } from '#functions/platform/metrics.ts';
import { login } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ body: loginSchema }, async ({ body, cookies }) => {
  const { session, deviceToken, joinedGroup } = await countingRefusals(
    () => login(body, cookies[DEVICE_COOKIE]),
    (reason) => count(reason === 'login-throttled' ? METRIC.loginsThrottled : METRIC.loginsFailed),
  );
  const data: LoginAnswer = { joinedGroup: joinedGroup ?? null };
  return { data, message: 'Logged in', cookies: [...sessionCookies(session), deviceCookie(deviceToken)] };
});
