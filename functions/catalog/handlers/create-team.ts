import { createTeamSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createTeam } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ body: createTeamSchema }, async ({ body, caller }) => ({ data: await createTeam(body, caller), statusCode: 201 }));
