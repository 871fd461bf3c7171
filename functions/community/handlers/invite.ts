import { inviteCodeParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { invitePreview } from '#functions/community/groups.ts';

export const handler = apiHandler({ params: inviteCodeParamsSchema }, async ({ params }) => ({
  data: await invitePreview(params.inviteCode),
}));
