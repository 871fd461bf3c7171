import { bulkFixturesSchema, idParamsSchema } from '#shared/schemas.ts';
import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/http/api.ts';
import { addFixtures } from '#functions/catalog/bulk-entry.ts';

export const handler = apiHandler({ params: idParamsSchema, body: bulkFixturesSchema }, async ({ params, body, caller }) => {
  const data = await addFixtures(params.id, body, caller);
  return { data, statusCode: 201, message: MSG.bulkFixturesAdded(data.created.length, data.unchanged) };
});
