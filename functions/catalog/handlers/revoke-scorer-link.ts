import { MSG } from '#shared/messages.ts';
import { scorerLinkParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { revokeScorerLink } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({ params: scorerLinkParamsSchema }, async ({ params, caller }) => ({
  data: await revokeScorerLink(params.id, params.linkId, caller),
  message: MSG.scorerLinkRevoked,
}));
