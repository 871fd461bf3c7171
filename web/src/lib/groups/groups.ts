// The group calls: my groups and a group's leaderboard (SWR), and the writes (create, join, leave,
// rotate the invite), which refresh what they change.
import useSWR, { mutate, type SWRResponse } from 'swr';
import type { GroupLeaderboard, GroupSummary, InvitePreview } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const MY_GROUPS_KEY = '/group/my-groups';
const leaderboardKey = (groupId: string) => `/group/leaderboard/${encodeURIComponent(groupId)}`;

export function useMyGroups(): SWRResponse<GroupSummary[], unknown> {
  return useSWR(MY_GROUPS_KEY, (key: string) => apiClient.get<GroupSummary[]>(key));
}

/** The group and its leaderboard; a group the caller is not in answers 404 (error). */
export function useGroupLeaderboard(groupId: string): SWRResponse<GroupLeaderboard, unknown> {
  return useSWR(leaderboardKey(groupId), (key: string) => apiClient.get<GroupLeaderboard>(key), { shouldRetryOnError: false });
}

/** What an invite link is an invite to (public): the group's name and member count; a void code answers 404 (error). */
export function useInvitePreview(inviteCode: string | undefined): SWRResponse<InvitePreview, unknown> {
  return useSWR(inviteCode ? `/group/invite/${encodeURIComponent(inviteCode)}` : null, (key: string) => apiClient.get<InvitePreview>(key), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

const refresh = (groupId?: string) => Promise.all([mutate(MY_GROUPS_KEY), groupId && mutate(leaderboardKey(groupId))]);

export async function createGroup(name: string) {
  const created = await apiClient.post<{ groupId: string; inviteCode: string }>('/group/create-group', { name });
  await refresh();
  return created;
}

export async function joinGroup(inviteCode: string) {
  const joined = await apiClient.post<{ groupId: string }>('/group/join', { inviteCode });
  await refresh(joined.groupId);
  return joined;
}

export async function leaveGroup(groupId: string) {
  await apiClient.post<null>('/group/leave', { groupId });
  // Off the cached list at once: the Groups tab it goes back to must not show the group while it reloads.
  await mutate(MY_GROUPS_KEY, (groups: GroupSummary[] | undefined) => groups?.filter((group) => group.groupId !== groupId));
}

export async function rotateInvite(groupId: string) {
  const rotated = await apiClient.post<{ inviteCode: string }>('/group/rotate-invite', { groupId });
  await refresh(groupId);
  return rotated;
}
