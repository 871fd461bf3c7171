import { userIdParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { getPublicUser } from '#functions/identity/profiles.ts';

export const handler = apiHandler({ params: userIdParamsSchema }, async ({ params }) => ({
  data: await getPublicUser(params.userId),
}));
