import { describe, expect, it } from 'vitest';
import { checkItems } from './audit.ts';

const at = '2025-03-01T12:00:00.000Z';
const ledger = (entryId: string, kind: string, coins: number) => ({ entity: 'ledger', userId: 'u1', entryId, kind, coins, cashPaise: 0, createdAt: at });
const healthy = [
  { entity: 'user', id: 'u1', trophy: 1 },
  { entity: 'wallet', userId: 'u1', coins: 1050, cashPaise: 0, earnings: 150 },
  ledger('welcome', 'welcome', 1000),
  ledger('bet#e1', 'bet', -100),
  ledger('payout#e1', 'payout', 150),
  { entity: 'bet', userId: 'u1', eventId: 'e1', teamId: 't1', amount: 100, status: 'won', acceptedAt: at },
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

  it('finds a bet won that was never accepted (betting had closed when it landed)', () => {
    const late = healthy.map((item) => (item.entity === 'bet' ? { ...item, acceptedAt: undefined } : item));
    expect(checkItems(late)).toEqual(['bet of user u1 on event e1: won but never accepted (betting had closed)']);
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
