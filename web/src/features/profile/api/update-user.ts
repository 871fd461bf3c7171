// PATCH /user/update-user: changes the user name.
import { apiClient } from '../../../lib/api-client.ts';

export const updateUserName = (userName: string) => apiClient.patch<unknown>('/user/update-user', { userName });
