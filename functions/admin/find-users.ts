import { userSearchQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { findUsers } from '#functions/domain/user-search.ts';

export const handler = apiHandler({ query: userSearchQuerySchema }, async ({ query }) => ({ data: await findUsers(query.query) }));
