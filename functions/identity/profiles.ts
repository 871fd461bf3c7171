// Reading and editing a user's profile.
import type { CurrentUser, PublicUser } from '#shared/api.ts';
import { config } from '#functions/platform/config.ts';
import * as users from '#functions/data/users.ts';
import { getWallet } from '#functions/data/wallets.ts';
import { listUserBets } from '#functions/data/bets.ts';
import { streakOf } from '#shared/streaks.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { unreadCount } from '#functions/notifications/inbox.ts';
import { organisedTournamentIds } from '#functions/catalog/organisers.ts';
import { mayCreateTournaments } from '#functions/catalog/tournament-creators.ts';

export const avatarUrl = (key: string | undefined) => (key ? `${config().assetBaseUrl}/${key}` : null);

export async function getCurrentUser(userId: string): Promise<CurrentUser> {
  const [user, wallet, inboxCount, organises] = await Promise.all([users.getUser(userId), getWallet(userId), unreadCount(userId), organisedTournamentIds(userId)]);
  if (!user) throw new DomainError('unauthorized');
  return {
    _id: user.id,
    userName: user.userName,
    email: user.email,
    avatar: avatarUrl(user.avatarKey),
    walletBalance: wallet.coins,
    inboxCount,
    trophy: user.trophy,
    totalEarnings: wallet.earnings,
    role: user.role,
    organises,
    mayCreateTournaments: mayCreateTournaments(user),
  };
}

export async function getPublicUser(userId: string): Promise<PublicUser> {
  const [user, wallet, bets] = await Promise.all([users.getUser(userId), getWallet(userId), listUserBets(userId)]);
  if (!user) throw new DomainError('user-not-found');
  // The streak is derived from the bets as they stand (a corrected result moved their status already).
  const streak = streakOf(bets);
  return {
    _id: user.id,
    userName: user.userName,
    avatar: avatarUrl(user.avatarKey),
    trophy: user.trophy,
    totalEarnings: wallet.earnings,
    streak: streak.current,
    bestStreak: streak.best,
  };
}

export async function updateUserName(userId: string, userName: string): Promise<{ userName: string }> {
  await users.setUserName(userId, userName);
  return { userName };
}
