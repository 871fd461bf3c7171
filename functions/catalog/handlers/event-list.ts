import { UPCOMING_EVENTS_PAGE_SIZE } from '#shared/constants.ts';
import { eventListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listEvents, listUpcomingEvents } from '#functions/catalog/listings.ts';

export const handler = apiHandler({ query: eventListQuerySchema }, async ({ query }) => ({
  data: query.tournamentId ? await listEvents(query.tournamentId) : await listUpcomingEvents(query.after, UPCOMING_EVENTS_PAGE_SIZE),
}));
