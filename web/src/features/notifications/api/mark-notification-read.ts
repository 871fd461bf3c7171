// PATCH /user/notification-read/{id}: marks one of the caller's notifications read.
import { apiClient } from '../../../lib/api-client.ts';

export const markNotificationRead = (id: string) => apiClient.patch<unknown>(`/user/notification-read/${encodeURIComponent(id)}`);
