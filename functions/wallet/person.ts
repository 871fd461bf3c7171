// A person's page for the operator (GET /admin/users/{id}): who they are, their wallet, the prizes
// credited to them and their withdrawals. Their coin history and bets have routes of their own.
import type { AdminPerson, AdminPrize } from '#shared/api.ts';
import { paiseToRupees } from '#shared/money.ts';
import * as ledger from '#functions/data/ledger.ts';
import * as users from '#functions/data/users.ts';
import * as wallets from '#functions/data/wallets.ts';
import * as withdrawals from '#functions/data/withdrawals.ts';
import { DomainError } from '#functions/platform/errors.ts';

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** The prize entries of a ledger, each marked reversed when its reversal entry is there too. */
function prizesOf(entries: ledger.LedgerEntry[]): AdminPrize[] {
  const ids = new Set(entries.map((entry) => entry.entryId));
  return entries
    .filter((entry) => entry.kind === 'prize')
    .map((entry) => {
      const creditId = ledger.entryCreditId(entry.entryId);
      return {
        creditId,
        coins: entry.coins,
        cash: paiseToRupees(entry.cashPaise),
        reason: entry.note ?? '',
        createdAt: entry.createdAt,
        reversed: ids.has(ledger.prizeReversalEntryId(creditId)),
      };
    })
    .sort(newestFirst);
}

export async function getPerson(userId: string): Promise<AdminPerson> {
  const [user, wallet, entries, withdrawn] = await Promise.all([
    users.getUser(userId),
    wallets.getWallet(userId),
    ledger.listLedger(userId),
    withdrawals.listUserWithdrawals(userId),
  ]);
  if (!user) throw new DomainError('user-not-found');
  const cash = paiseToRupees(wallet.cashPaise);
  return {
    user: {
      _id: user.id,
      userName: user.userName,
      email: user.email,
      role: user.role,
      coins: wallet.coins,
      cash,
      trophy: user.trophy,
      mayCreateTournaments: user.mayCreateTournaments === true,
      verified: user.verified,
      createdAt: user.createdAt,
    },
    wallet: { coins: wallet.coins, cash, earnings: wallet.earnings },
    prizes: prizesOf(entries),
    withdrawals: withdrawn.sort(newestFirst).map((withdrawal) => ({
      _id: withdrawal.id,
      status: withdrawal.status,
      amount: paiseToRupees(withdrawal.amountPaise),
      createdAt: withdrawal.createdAt,
      upiId: withdrawal.upiId,
      decidedAt: withdrawal.decidedAt ?? null,
      reference: withdrawal.reference ?? null,
      reason: withdrawal.reason ?? null,
    })),
  };
}
