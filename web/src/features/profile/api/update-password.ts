// PATCH /user/update-password: changes the password, given the current one.
import { apiClient } from '../../../lib/api-client.ts';

export const updatePassword = (currentPassword: string, newPassword: string) =>
  apiClient.patch<unknown>('/user/update-password', { currentPassword, newPassword });
