import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listBetHistory } from '#functions/betting/betting.ts';

/** A person's bets, for the operator: every one, as they see them themselves (pending ones too). */
export const handler = apiHandler({ params: idParamsSchema }, async ({ params }) => ({ data: await listBetHistory(params.id, params.id) }));
