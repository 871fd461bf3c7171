import { DEVICE_COOKIE } from '#shared/constants.ts';
import { METRIC } from '#shared/metrics.ts';
import { loginSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { deviceCookie, sessionCookies } from '#functions/lib/cookies.ts';
import { count, countingRefusals } from '#functions/lib/metrics.ts';
import { login } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: loginSchema }, async ({ body, cookies }) => {
  const { session, deviceToken } = await countingRefusals(
    () => login(body, cookies[DEVICE_COOKIE]),
    (reason) => count(reason === 'login-throttled' ? METRIC.loginsThrottled : METRIC.loginsFailed),
  );
  return { data: null, message: 'Logged in', cookies: [...sessionCookies(session), deviceCookie(deviceToken)] };
});
