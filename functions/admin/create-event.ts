import { createEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { createEvent } from '#functions/domain/catalog.ts';

export const handler = apiHandler({ body: createEventSchema }, async ({ body, caller }) => ({ data: await createEvent(body, caller), statusCode: 201 }));
