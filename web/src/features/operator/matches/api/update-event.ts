// PATCH /admin/events/{id}: opens or pauses betting, or moves the start time.
import type { AdminEvent } from '#shared/api.ts';
import type { UpdateEventInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const updateEvent = (id: string, patch: UpdateEventInput) => apiClient.patch<AdminEvent>(`/admin/events/${encodeURIComponent(id)}`, patch);
