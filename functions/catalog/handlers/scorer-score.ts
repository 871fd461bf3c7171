import { SCORER_TOKEN_HEADER } from '#shared/constants.ts';
import { idParamsSchema, scorerScoreSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { scorerLiveScore } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({ params: idParamsSchema, body: scorerScoreSchema }, async ({ params, body, event }) => ({
  data: await scorerLiveScore(event.headers[SCORER_TOKEN_HEADER], params.id, { home: body.home, away: body.away }, body.takenAt),
}));
