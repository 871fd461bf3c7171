// Finding users for the operator: by exact email, or by the start of the user name (any case).
import type { AdminUser } from '#shared/api.ts';
import { USER_SEARCH_LIMIT } from '#shared/constants.ts';
import { normalizeEmail } from '#shared/format.ts';
import * as users from '#functions/data/users.ts';
import { getWallets } from '#functions/data/wallets.ts';
import { paiseToRupees } from '#shared/money.ts';

/** A query with an '@' is an email (exact match); anything else a user-name prefix. At most USER_SEARCH_LIMIT. */
export async function findUsers(query: string): Promise<AdminUser[]> {
  const found = query.includes('@')
    ? [await users.getUserByEmail(normalizeEmail(query))].filter((user) => user !== undefined)
    : await users.findUsersByNamePrefix(query, USER_SEARCH_LIMIT);
  const wallets = await getWallets(found.map((user) => user.id));
  return found.map((user) => {
    const wallet = wallets.get(user.id)!;
    return {
      _id: user.id,
      userName: user.userName,
      email: user.email,
      role: user.role,
      coins: wallet.coins,
      cash: paiseToRupees(wallet.cashPaise),
      trophy: user.trophy,
      mayCreateTournaments: user.mayCreateTournaments === true,
    };
  });
}
