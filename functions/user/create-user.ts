import { registerSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { register } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: registerSchema }, async ({ body }) => ({
  data: { _id: (await register(body)).userId, userName: body.userName, email: body.email },
  message: 'User registered',
  statusCode: 201,
}));
