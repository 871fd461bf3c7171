import { ACCESS_COOKIE } from '#shared/constants.ts';
import { apiHandler } from '#functions/http/api.ts';
import { authenticate } from '#functions/identity/sessions.ts';

export const handler = apiHandler({}, async ({ cookies }) => ({
  data: { isAuthenticated: (await authenticate(cookies[ACCESS_COOKIE])) !== null },
}));
