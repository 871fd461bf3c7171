// A referee's page: no account, the scorer link's secret in its header (functions/catalog/scorer-links.ts).
import { SCORER_TOKEN_HEADER } from '#shared/constants.ts';
import { apiHandler } from '#functions/http/api.ts';
import { scorerView } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({}, async ({ event }) => ({ data: await scorerView(event.headers[SCORER_TOKEN_HEADER]) }));
