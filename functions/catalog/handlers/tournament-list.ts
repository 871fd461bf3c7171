import { apiHandler } from '#functions/http/api.ts';
import { listTournamentCards } from '#functions/catalog/listings.ts';

export const handler = apiHandler({}, async () => ({ data: await listTournamentCards() }));
