import { userIdParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { getPublicUser } from '#functions/domain/profiles.ts';

export const handler = apiHandler({ params: userIdParamsSchema }, async ({ params }) => ({
  data: await getPublicUser(params.userId),
}));
