import { registerSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { registrationCookie } from '#functions/lib/cookies.ts';
import { register } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: registerSchema }, async ({ body }) => {
  const { userId, registrationToken } = await register(body);
  return {
    data: { _id: userId, userName: body.userName, email: body.email },
    message: 'User registered',
    statusCode: 201,
    cookies: [registrationCookie(registrationToken)],
  };
});
