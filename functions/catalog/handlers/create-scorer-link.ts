import { MSG } from '#shared/messages.ts';
import { createScorerLinkSchema, idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createScorerLink } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({ params: idParamsSchema, body: createScorerLinkSchema }, async ({ params, body, caller }) => ({
  data: await createScorerLink(params.id, body, caller),
  statusCode: 201,
  message: MSG.scorerLinkCreated,
}));
