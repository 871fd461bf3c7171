import { MSG } from '#shared/messages.ts';
import { idParamsSchema, publishFormatSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { publishFormat } from '#functions/catalog/engine/formats.ts';

export const handler = apiHandler({ params: idParamsSchema, body: publishFormatSchema }, async ({ params, body, caller }) => ({
  data: { events: await publishFormat(params.id, body, caller) },
  statusCode: 201,
  message: MSG.formatPublished,
}));
