// POST /admin/events: schedules a match between two teams of a tournament (betting opens with it).
import type { AdminEvent } from '#shared/api.ts';
import type { CreateEventInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const createEvent = (input: CreateEventInput) => apiClient.post<AdminEvent>('/admin/events', input);
