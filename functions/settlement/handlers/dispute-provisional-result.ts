import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { disputeProvisional } from '#functions/settlement/provisional-results.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({
  data: await disputeProvisional(params.id, caller),
  message: MSG.provisionalDisputed,
}));
