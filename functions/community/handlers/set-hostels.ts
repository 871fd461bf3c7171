import { MSG } from '#shared/messages.ts';
import { idParamsSchema, tournamentHostelsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { setHostels } from '#functions/community/hostels.ts';

export const handler = apiHandler({ params: idParamsSchema, body: tournamentHostelsSchema }, async ({ params, body, caller }) => ({
  data: await setHostels(caller, params.id, body.groupIds, body.inviteCodes),
  message: MSG.hostelsSaved,
}));
