// PATCH /user/update-avatar: uploads a new avatar (multipart field `avatar`).
import { apiClient } from '../../../lib/api-client.ts';

export function updateAvatar(avatar: File) {
  const form = new FormData();
  form.set('avatar', avatar);
  return apiClient.patch<unknown>('/user/update-avatar', form);
}
