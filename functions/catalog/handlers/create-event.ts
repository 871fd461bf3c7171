import { createEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createEvent } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ body: createEventSchema }, async ({ body, caller }) => ({ data: await createEvent(body, caller), statusCode: 201 }));
