// PATCH /user/notification-read-all: marks the caller's unread notifications read, a bounded number per
// call; calls again while the server says some are left and the last call still marked some.
import type { ReadAllResult } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const MAX_CALLS = 10;

export async function markAllNotificationsRead(): Promise<void> {
  for (let call = 0; call < MAX_CALLS; call++) {
    const { marked, unread } = await apiClient.patch<ReadAllResult>('/user/notification-read-all');
    if (unread === 0 || marked === 0) return;
  }
}
