import { describe, expect, it } from 'vitest';
import { checkItems } from './money-audit.ts';

const at = '2025-03-01T12:00:00.000Z';
const ledger = (entryId: string, kind: string, coins: number) => ({ entity: 'ledger', userId: 'u1', entryId, kind, coins, cashPaise: 0, createdAt: at });
const healthy = [
  { entity: 'user', id: 'u1', trophy: 1 },
  { entity: 'wallet', userId: 'u1', coins: 1050, cashPaise: 0, earnings: 150 },
  ledger('welcome', 'welcome', 1000),
  ledger('bet#e1', 'bet', -100),
  ledger('payout#e1', 'payout', 150),
  { entity: 'bet', userId: 'u1', eventId: 'e1', teamId: 't1', amount: 100, status: 'won' },
  { entity: 'event', id: 'e1', winnerTeamId: 't1', teamTrophyAwarded: true, settledAt: at },
  { entity: 'team', id: 't1', trophy: 1 },
  { entity: 'team', id: 't2', trophy: 0 },
];

describe('checkItems', () => {
  it('finds nothing when wallets, ledgers, bets and trophies agree', () => {
    expect(checkItems(healthy)).toEqual([]);
  });

  it('names each disagreement', () => {
    const broken = healthy.map((item) => {
      if (item.entity === 'wallet') return { ...item, coins: 1049 };
      if (item.entity === 'bet') return { ...item, status: 'pending' };
      if (item.entity === 'team' && 'id' in item && item.id === 't2') return { ...item, trophy: 1 };
      return item;
    });
    expect(checkItems(broken)).toEqual([
      'wallet of user u1: coins 1049, its ledger sums to 1050',
      'bet of user u1 on event e1 (pending): payout entry 150, expected none',
      'bet of user u1 on event e1: still pending on a settled event',
      'user u1: 1 trophies, 0 bets won',
      'team t2: 1 trophies, 0 matches won',
    ]);
  });
});

describe('checkItems: the daily allowance', () => {
  const allowance = (entryId: string, coins: number, createdAt = at) => ({ entity: 'ledger', userId: 'u1', entryId, kind: 'allowance', coins, cashPaise: 0, createdAt });
  const withAllowance = (entry: ReturnType<typeof allowance>) =>
    healthy.map((item) => (item.entity === 'wallet' ? { ...item, coins: 1050 + entry.coins } : item)).concat(entry);

  it('counts an allowance entry as money in, like the welcome grant', () => {
    expect(checkItems(withAllowance(allowance('allowance#2025-03-01', 60)))).toEqual([]);
  });

  it('finds an allowance entry not named by its UTC day, or of no coins', () => {
    expect(checkItems(withAllowance(allowance('allowance#2025-03-02', 60)))).toEqual([
      'ledger entry allowance#2025-03-02 of user u1: not a daily allowance of coins on its day (60 coins, 0 paise, 2025-03-01T12:00:00.000Z)',
    ]);
    expect(checkItems(withAllowance(allowance('allowance#2025-03-01', 0)))).toHaveLength(1);
  });
});

describe('checkItems: a corrected result', () => {
  // The won bet of `healthy` corrected to lost after the bettor spent 1,000 of their 1,050 coins
  // elsewhere: 150 taken back, 50 of them debited, 100 written off by the house.
  const spent = [ledger('bet#e2', 'bet', -1000), { entity: 'bet', userId: 'u1', eventId: 'e2', teamId: 't1', amount: 1000, status: 'pending' }];
  const corrected = (writeOff: number) =>
    healthy
      .map((item) => {
        if (item.entity === 'wallet') return { ...item, coins: 50 - 150 + writeOff, earnings: 0 };
        if (item.entity === 'bet') return { ...item, status: 'lost', settledGeneration: 1, writtenOff: writeOff };
        if (item.entity === 'user') return { ...item, trophy: 0 };
        if (item.entity === 'event') return { ...item, winnerTeamId: 't2', correction: 1, settledGeneration: 1 };
        if (item.entity === 'team') return { ...item, trophy: 'id' in item && item.id === 't2' ? 1 : 0 };
        return item;
      })
      .concat(spent, { ...ledger('correction#e1#1', 'correction', -150), earnings: -150 }, ledger('write-off#e1#1', 'write-off', writeOff));

  it('accepts compensating entries that add up to the new status, the shortfall written off', () => {
    expect(checkItems(corrected(100))).toEqual([]);
  });

  it('finds a write-off larger than its correction debit, and a bet left on the old outcome', () => {
    expect(checkItems(corrected(200))).toEqual(['ledger entry write-off#e1#1 of user u1: writes off 200 of a correction debit of 150']);
    const behind = corrected(100).map((item) => (item.entity === 'bet' && 'eventId' in item && item.eventId === 'e1' ? { ...item, settledGeneration: 0 } : item));
    expect(checkItems(behind)).toEqual(['bet of user u1 on event e1: settled by outcome 0, the event\'s corrected outcome 1 is settled']);
  });

  it('finds a write-off the bet does not carry as a debt (a later credit would then mint it)', () => {
    const forgotten = corrected(100).map((item) => (item.entity === 'bet' && 'eventId' in item && item.eventId === 'e1' ? { ...item, writtenOff: undefined } : item));
    expect(checkItems(forgotten)).toEqual(['bet of user u1 on event e1: its write-offs less their repayments leave 100, the bet records a debt of 0']);
  });

  // Corrected back to won: the 150 credited repay the 100 written off first, so the wallet gains 50.
  const correctedBack = (repaid: number) =>
    corrected(100)
      .map((item) => {
        if (item.entity === 'wallet') return { ...item, coins: 150 - repaid, earnings: 150 };
        if (item.entity === 'bet' && 'eventId' in item && item.eventId === 'e1') return { ...item, status: 'won', settledGeneration: 2, writtenOff: 100 - repaid };
        if (item.entity === 'user') return { ...item, trophy: 1 };
        if (item.entity === 'event') return { ...item, winnerTeamId: 't1', correction: 2, settledGeneration: 2 };
        if (item.entity === 'team') return { ...item, trophy: 'id' in item && item.id === 't1' ? 1 : 0 };
        return item;
      })
      .concat({ ...ledger('correction#e1#2', 'correction', 150), earnings: 150 }, ledger('write-off-repayment#e1#2', 'write-off-repayment', -repaid));

  it('accepts a later credit that repays the write-off first', () => {
    expect(checkItems(correctedBack(100))).toEqual([]);
  });

  it('finds a repayment larger than its correction credit', () => {
    expect(checkItems(correctedBack(160))).toContain('ledger entry write-off-repayment#e1#2 of user u1: repays 160 of a correction credit of 150');
  });
});

describe('checkItems: the underdog bonus', () => {
  // u1 alone backed t1 of 6 bettors (t2: 5): their won bet earns the bonus, as its own entry.
  const split = { t1: 1, t2: 5 };
  const underdog = (bonus: number | undefined, extra: object[] = []) =>
    healthy
      .map((item) => {
        if (item.entity === 'event') return { ...item, backersAtResult: split };
        if (item.entity === 'wallet') return { ...item, coins: 1050 + (bonus ?? 0), earnings: 150 + (bonus ?? 0) };
        return item;
      })
      .concat(bonus === undefined ? [] : [ledger('underdog-bonus#e1', 'underdog-bonus', bonus)], extra as typeof healthy);

  it('expects the bonus entry beside the payout of a won bet on the underdog side, counted in the earnings', () => {
    expect(checkItems(underdog(25))).toEqual([]);
  });

  it('finds a missing bonus, a wrong one, and one paid on a side that was not the underdog', () => {
    expect(checkItems(underdog(undefined))).toEqual(['bet of user u1 on event e1 (won): underdog bonus entry none, expected 25']);
    expect(checkItems(underdog(30))).toEqual(['bet of user u1 on event e1 (won): underdog bonus entry 30, expected 25']);
    const even = underdog(25).map((item) => (item.entity === 'event' ? { ...item, backersAtResult: { t1: 3, t2: 3 } } : item));
    expect(checkItems(even)).toEqual(['bet of user u1 on event e1 (won): underdog bonus entry 25, expected none']);
  });

  it('expects no bonus on an event settled before the bonus existed (no split stored)', () => {
    expect(checkItems(healthy)).toEqual([]);
  });

  it('adds the bonus to what a corrected bet is worth: a win taken back takes payout and bonus', () => {
    const lost = underdog(25, [ledger('correction#e1#1', 'correction', -175)]).map((item) => {
      if (item.entity === 'bet') return { ...item, status: 'lost', settledGeneration: 1 };
      if (item.entity === 'wallet') return { ...item, coins: 900, earnings: 0 };
      if (item.entity === 'user') return { ...item, trophy: 0 };
      if (item.entity === 'event') return { ...item, winnerTeamId: 't2', correction: 1, settledGeneration: 1 };
      if (item.entity === 'team') return { ...item, trophy: (item as { id: string }).id === 't2' ? 1 : 0 };
      return item;
    });
    // The correction's earnings change is its own field: the coins and the earnings both come back down.
    const withEarnings = lost.map((item) => (item.entity === 'ledger' && (item as { kind: string }).kind === 'correction' ? { ...item, earnings: -175 } : item));
    expect(checkItems(withEarnings)).toEqual([]);
    const payoutOnly = withEarnings.map((item) => (item.entity === 'ledger' && (item as { kind: string }).kind === 'correction' ? { ...item, coins: -150, earnings: -150 } : item)).map((item) => (item.entity === 'wallet' ? { ...item, coins: 925, earnings: 25 } : item));
    expect(checkItems(payoutOnly)).toEqual(['bet of user u1 on event e1 (lost, corrected): its payout, underdog bonus, refund and corrections add up to 25, expected 0']);
  });
});
