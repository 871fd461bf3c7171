// Groups: any verified user creates one and shares its invite link; members see its leaderboard. Every
// write is one transaction with conditional counters on the group (members) and the user (groups), so
// two joins racing for the last seat, or one user joining many groups at once, never pass the caps.
import { randomBytes, randomUUID } from 'node:crypto';
import type { GroupLeaderboard, GroupSummary, InvitePreview, JoinedGroup } from '#shared/api.ts';
import { GROUP_MAX_MEMBERS, GROUPS_PER_USER_MAX, INVITE_CODE_BYTES } from '#shared/constants.ts';
import { cancellationCodes, conditionFailedAt, transactWrite } from '#functions/platform/dynamodb.ts';
import * as groups from '#functions/data/groups.ts';
import { clearPendingInvite, getUser, getUsers } from '#functions/data/users.ts';
import { getWallets } from '#functions/data/wallets.ts';
import { listUserBets } from '#functions/data/bets.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { type Streak, streakOf } from '#shared/streaks.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** 128 bits from the CSPRNG, URL-safe (base64url): not guessable, and it fits a link in a chat message. */
export const newInviteCode = () => randomBytes(INVITE_CODE_BYTES).toString('base64url');

/** Attempts at a write that lost a race with another member's (a count or the creator changed). */
const RACE_ATTEMPTS = 5;

async function requireVerified(userId: string): Promise<void> {
  const user = await getUser(userId);
  if (!user) throw new DomainError('unauthorized');
  if (!user.verified) throw new DomainError('email-not-verified');
}

/** A group the caller belongs to; any other, existing or not, is 'group-not-found' (its existence is not revealed). */
async function memberGroup(groupId: string, userId: string): Promise<groups.GroupRecord> {
  const [group, member] = await Promise.all([groups.getGroup(groupId), groups.isMember(groupId, userId)]);
  if (!group || !member) throw new DomainError('group-not-found');
  return group;
}

export async function createGroup(userId: string, name: string): Promise<{ groupId: string; inviteCode: string }> {
  await requireVerified(userId);
  const group: groups.GroupRecord = { id: randomUUID(), name, creatorId: userId, inviteCode: newInviteCode(), memberCount: 1, createdAt: new Date().toISOString() };
  try {
    await transactWrite(groups.createGroupItems(group, GROUPS_PER_USER_MAX));
  } catch (error) {
    if (conditionFailedAt(error, groups.USER_COUNT_ITEM_INDEX)) throw new DomainError('too-many-groups');
    throw error;
  }
  return { groupId: group.id, inviteCode: group.inviteCode };
}

/** Joins the group of this invite code; joining a group one is already in answers it again. */
export async function joinGroup(userId: string, inviteCode: string): Promise<{ groupId: string }> {
  await requireVerified(userId);
  const groupId = await groups.groupIdByInvite(inviteCode);
  if (!groupId) throw new DomainError('invite-invalid');
  if (await groups.isMember(groupId, userId)) return { groupId };
  const limits = { maxMembers: GROUP_MAX_MEMBERS, maxGroupsPerUser: GROUPS_PER_USER_MAX };
  try {
    await transactWrite(groups.joinGroupItems(groupId, inviteCode, userId, new Date().toISOString(), limits));
    return { groupId };
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    // A second join of the same user that committed first: the same answer.
    if (conditionFailedAt(error, groups.JOIN_MEMBER_ITEM_INDEX)) return { groupId };
    if (conditionFailedAt(error, groups.USER_COUNT_ITEM_INDEX)) throw new DomainError('too-many-groups');
    if (conditionFailedAt(error, groups.JOIN_GROUP_ITEM_INDEX)) {
      const group = await groups.getGroup(groupId);
      throw new DomainError(group && group.inviteCode === inviteCode ? 'group-full' : 'invite-invalid');
    }
    throw error;
  }
}

/** Why a pending invite cannot be joined: dropped without a word. */
const VOID_INVITE: ReadonlySet<string> = new Set(['invite-invalid', 'group-full', 'too-many-groups']);

/**
 * The group a new account signed up to join (the invite it registered with, kept on the account), joined
 * at its first sign-in in whichever browser: the group, or undefined when none was pending. An invite
 * rotated or deleted since, a full group or too many groups: the invite is simply dropped. Taken once,
 * so a later sign-in joins nothing (and a group left since is not joined again).
 */
export async function joinPendingInvite(userId: string, inviteCode: string | undefined): Promise<JoinedGroup | undefined> {
  if (!inviteCode) return undefined;
  let joined: { groupId: string } | undefined;
  try {
    joined = await joinGroup(userId, inviteCode);
  } catch (error) {
    if (!(error instanceof DomainError) || !VOID_INVITE.has(error.code)) throw error;
  }
  await clearPendingInvite(userId, inviteCode);
  const group = joined && (await groups.getGroup(joined.groupId));
  return group ? { groupId: group.id, name: group.name } : undefined;
}

/** What an invite link is an invite to, for anyone holding it: the group's name and size, not its members. */
export async function invitePreview(inviteCode: string): Promise<InvitePreview> {
  const groupId = await groups.groupIdByInvite(inviteCode);
  const group = groupId && (await groups.getGroup(groupId));
  // A code rotated meanwhile: its INVITE item is deleted with the rotation, but read the group's own code to be sure.
  if (!group || group.inviteCode !== inviteCode) throw new DomainError('invite-invalid');
  return { name: group.name, memberCount: group.memberCount };
}

/**
 * Leaves the group. A creator who leaves hands the role (rotating the invite) to the member who joined
 * earliest; the last member to leave deletes the group and its invite code.
 */
export async function leaveGroup(userId: string, groupId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const group = await memberGroup(groupId, userId);
    let successorId: string | undefined;
    if (group.creatorId === userId && group.memberCount > 1) {
      const others = (await groups.listMembers(groupId)).filter((member) => member.userId !== userId);
      successorId = others.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))[0]?.userId;
    }
    const items = group.memberCount <= 1 ? groups.leaveLastItems(group, userId) : groups.leaveGroupItems(group, userId, successorId);
    try {
      await transactWrite(items);
      return;
    } catch (error) {
      // Someone joined or left meanwhile (the count, the creator or the successor changed): read again.
      if (!cancellationCodes(error) || attempt >= RACE_ATTEMPTS) throw error;
    }
  }
}

/** The creator's new invite code; the old one stops working at once. */
export async function rotateInvite(userId: string, groupId: string): Promise<{ inviteCode: string }> {
  const group = await memberGroup(groupId, userId);
  if (group.creatorId !== userId) throw new DomainError('not-group-creator');
  const inviteCode = newInviteCode();
  try {
    await transactWrite(groups.rotateInviteItems(groupId, userId, group.inviteCode, inviteCode));
  } catch (error) {
    // Rotated by another request meanwhile, or the role passed on: the caller reloads and sees which.
    if (conditionFailedAt(error, 0)) throw new DomainError('group-changed');
    throw error;
  }
  return { inviteCode };
}

const summaryOf = (group: groups.GroupRecord, userId: string): GroupSummary => ({
  groupId: group.id,
  name: group.name,
  memberCount: group.memberCount,
  isCreator: group.creatorId === userId,
  inviteCode: group.inviteCode,
});

/** The caller's groups, by name. */
export async function myGroups(userId: string): Promise<GroupSummary[]> {
  const found = await groups.getGroups(await groups.listUserGroupIds(userId));
  return [...found.values()].map((group) => summaryOf(group, userId)).sort((a, b) => a.name.localeCompare(b.name));
}

/** Members' bets read at once for their streaks: one Query each (a group has at most GROUP_MAX_MEMBERS). */
const STREAK_READS_AT_ONCE = 16;

/** Each member's streak, from their own bets (derived, never stored: shared/streaks.ts). */
async function memberStreaks(memberIds: string[]): Promise<Map<string, Streak>> {
  const streaks = new Map<string, Streak>();
  await forEachLimit(memberIds, STREAK_READS_AT_ONCE, async (id) => {
    streaks.set(id, streakOf(await listUserBets(id)));
  });
  return streaks;
}

/** The group and its members ranked by trophies, then total earnings, each with their streak; members only. */
export async function groupLeaderboard(userId: string, groupId: string): Promise<GroupLeaderboard> {
  const group = await memberGroup(groupId, userId);
  const memberIds = (await groups.listMembers(groupId)).map((member) => member.userId);
  const [profiles, wallets, streaks] = await Promise.all([getUsers(memberIds), getWallets(memberIds), memberStreaks(memberIds)]);
  const rows = memberIds
    .flatMap((id) => {
      const profile = profiles.get(id);
      const streak = streaks.get(id) ?? { current: 0, best: 0 };
      return profile ? [{ userId: id, name: profile.userName, trophy: profile.trophy, earnings: wallets.get(id)?.earnings ?? 0, streak: streak.current, bestStreak: streak.best }] : [];
    })
    .sort((a, b) => b.trophy - a.trophy || b.earnings - a.earnings || a.name.localeCompare(b.name));
  return { group: summaryOf(group, userId), rows };
}
