// GET /game/event/{id}: one match, its teams and its tournament's title, for everyone (the bet screen names what is bet on).
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { getMatch } from '#functions/catalog/listings.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params }) => ({ data: await getMatch(params.id) }));
