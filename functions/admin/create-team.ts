import { createTeamSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { createTeam } from '#functions/domain/catalog.ts';

export const handler = apiHandler({ body: createTeamSchema }, async ({ body }) => ({ data: await createTeam(body), statusCode: 201 }));
