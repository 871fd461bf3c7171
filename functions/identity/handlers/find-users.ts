import { userSearchQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { findUsers } from '#functions/identity/user-search.ts';

export const handler = apiHandler({ query: userSearchQuerySchema }, async ({ query }) => ({ data: await findUsers(query.query) }));
