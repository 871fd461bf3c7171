import { MSG } from '#shared/messages.ts';
import { idParamsSchema, liveScoreSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { recordLiveScore } from '#functions/catalog/match-day.ts';

export const handler = apiHandler({ params: idParamsSchema, body: liveScoreSchema }, async ({ params, body, caller }) => ({
  data: await recordLiveScore(params.id, body, caller),
  message: MSG.liveScoreSaved,
}));
