// Finding users for the operator: by any part of the name or email, any case (the search index,
// data/user-search.ts); one or two characters by the start of the name or email.
import type { AdminUser } from '#shared/api.ts';
import { USER_SEARCH_LIMIT } from '#shared/constants.ts';
import * as users from '#functions/data/users.ts';
import { usersContaining, usersWithEmailStart } from '#functions/data/user-search.ts';
import { getWallets } from '#functions/data/wallets.ts';
import { paiseToRupees } from '#shared/money.ts';

/** Shorter queries match the start of a name or email only: a trigram index needs three characters. */
const SUBSTRING_MIN_LENGTH = 3;

const matches = (user: users.UserRecord, query: string, anywhere: boolean) => {
  const texts = [user.userName.toLowerCase(), user.email.toLowerCase()];
  return texts.some((text) => (anywhere ? text.includes(query) : text.startsWith(query)));
};

/** Candidates' ids, best first: from the index, checked against the profiles below. */
async function candidateIds(query: string): Promise<string[]> {
  if ([...query].length < SUBSTRING_MIN_LENGTH) {
    const [byName, byEmail] = await Promise.all([users.findUsersByNamePrefix(query, USER_SEARCH_LIMIT), usersWithEmailStart(query, USER_SEARCH_LIMIT)]);
    return [...byName.map((user) => user.id), ...byEmail];
  }
  const [found, byEmail] = await Promise.all([
    usersContaining(query, USER_SEARCH_LIMIT),
    // A whole email finds its user even past the indexed start of a very long address.
    query.includes('@') ? users.getUserIdByEmail(query) : undefined,
  ]);
  // In name order; a few more than shown, in case an entry outlived a rename.
  const byName = found.sort((a, b) => a.terms.localeCompare(b.terms)).slice(0, USER_SEARCH_LIMIT * 2);
  return [...(byEmail ? [byEmail] : []), ...byName.map((candidate) => candidate.userId)];
}

/** Up to USER_SEARCH_LIMIT users whose name or email contains the query (any case), in name order. */
export async function findUsers(query: string): Promise<AdminUser[]> {
  const lower = query.trim().toLowerCase();
  const ids = [...new Set(await candidateIds(lower))];
  const profiles = await users.getUsers(ids);
  const found = [...profiles.values()]
    .filter((user) => matches(user, lower, [...lower].length >= SUBSTRING_MIN_LENGTH))
    .sort((a, b) => a.userName.toLowerCase().localeCompare(b.userName.toLowerCase()) || a.id.localeCompare(b.id))
    .slice(0, USER_SEARCH_LIMIT);
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
