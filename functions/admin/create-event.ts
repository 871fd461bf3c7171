import { createEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { createEvent } from '#functions/domain/catalog.ts';

export const handler = apiHandler({ body: createEventSchema }, async ({ body }) => ({ data: await createEvent(body), statusCode: 201 }));
