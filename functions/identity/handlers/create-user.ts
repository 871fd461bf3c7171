import { registerSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { registrationCookie } from '#functions/http/cookies.ts';
import { register } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ body: registerSchema }, async ({ body }) => {
  const { userId, registrationToken } = await register(body);
  return {
    data: { _id: userId, userName: body.userName, email: body.email },
    message: 'User registered',
    statusCode: 201,
    cookies: [registrationCookie(registrationToken)],
  };
});
