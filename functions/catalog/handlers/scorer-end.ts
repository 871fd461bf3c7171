import { MSG } from '#shared/messages.ts';
import { SCORER_TOKEN_HEADER } from '#shared/constants.ts';
import { idParamsSchema, scorerEndSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { scorerEnd } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({ params: idParamsSchema, body: scorerEndSchema }, async ({ params, body, event }) => ({
  data: await scorerEnd(event.headers[SCORER_TOKEN_HEADER], params.id, body.outcome, body.takenAt),
  message: MSG.provisionalRecorded,
}));
