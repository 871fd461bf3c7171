// The push calls: the server's VAPID key, this device's subscription, the user's devices.
import type { PushDevice, TournamentReminderState } from '#shared/push.ts';
import { apiClient, request } from '../api-client.ts';

export const getPushPublicKey = async () => (await apiClient.get<{ publicKey: string }>('/user/push-public-key')).publicKey;

export const savePushSubscription = (subscription: PushSubscriptionJSON) => apiClient.post<PushDevice>('/user/push-subscription', subscription);

/** Removes a device by its endpoint (this one) or its id (from the list). */
export const removePushDevice = (device: { endpoint: string } | { id: string }) => request<{ removed: boolean }>('/user/push-subscription', { method: 'DELETE', body: device });

export const listPushDevices = (endpoint?: string) => apiClient.get<PushDevice[]>('/user/push-subscriptions', endpoint ? { endpoint } : undefined);

const tournamentRemindersPath = (tournamentId: string) => `/user/tournament-reminders/${encodeURIComponent(tournamentId)}`;

/** Whether the caller is reminded of a tournament's matches without betting in it. */
export const getTournamentReminder = (tournamentId: string) => apiClient.get<TournamentReminderState>(tournamentRemindersPath(tournamentId));

export const setTournamentReminder = (tournamentId: string, on: boolean) =>
  on ? apiClient.put<TournamentReminderState>(tournamentRemindersPath(tournamentId)) : apiClient.delete<TournamentReminderState>(tournamentRemindersPath(tournamentId));
