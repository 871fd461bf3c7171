import { MSG } from '#shared/messages.ts';
import { addOrganiserSchema, idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { addOrganiser } from '#functions/catalog/organisers.ts';

export const handler = apiHandler({ params: idParamsSchema, body: addOrganiserSchema }, async ({ params, body, caller }) => ({
  data: await addOrganiser(params.id, body.email, caller),
  statusCode: 201,
  message: MSG.organiserAdded,
}));
