import { bulkTeamsSchema, idParamsSchema } from '#shared/schemas.ts';
import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/http/api.ts';
import { addTeams } from '#functions/catalog/bulk-entry.ts';

export const handler = apiHandler({ params: idParamsSchema, body: bulkTeamsSchema }, async ({ params, body, caller }) => {
  const data = await addTeams(params.id, body, caller);
  return { data, statusCode: 201, message: MSG.bulkTeamsAdded(data.created.length, data.unchanged.length) };
});
