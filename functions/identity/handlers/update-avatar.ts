import * as z from 'zod';
import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/http/api.ts';
import { isUploadedFile, type UploadedFile } from '#functions/http/body.ts';
import { updateAvatar } from '#functions/identity/avatars.ts';

const avatarBodySchema = z.object({
  avatar: z.custom<UploadedFile>(isUploadedFile, { error: MSG.avatarRequired }),
});

export const handler = apiHandler({ body: avatarBodySchema }, async ({ caller, body }) => ({
  data: await updateAvatar(caller.userId, body.avatar),
  message: 'Avatar updated',
}));
