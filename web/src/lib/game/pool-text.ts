// How the cup pool reads, on its screen, on the tournament's page and beside the bracket's names alike.
import type { TournamentPool } from '#shared/api.ts';
import { formatCount } from '../format-number.ts';

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '1 coin', '1,200 coins'. */
export const coinCount = (n: number) => count(n, 'coin', 'coins');

/** A team's part of the pool as a whole percent; a sliver is '<1%', all but a sliver '>99%', so neither reads as none or all. */
export function sharePercent(share: number): string {
  if (share <= 0) return '0%';
  if (share >= 1) return '100%';
  if (share < 0.01) return '<1%';
  if (share > 0.99) return '>99%';
  return `${Math.round(share * 100)}%`;
}

/** The champion's backers, under the bracket's champion: '42 backed Tapti'. */
export const championBackersText = (backers: number, champions: readonly string[]) => `${formatCount(backers)} backed ${namesText(champions)}`;

/** 'Tapti', 'Tapti and Narmada', 'Tapti, Narmada and Kaveri' (a league's title can be shared). */
export function namesText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The line under the title: when it closes, or what became of it. `when` formats a time as the app does. */
export function poolStatusLine(pool: TournamentPool, when: (iso: string) => string): string {
  switch (pool.status) {
    case 'open':
      return `Closes ${when(pool.closesAt)}`;
    case 'closed':
      return 'Closed: waiting for the champion';
    case 'shared': {
      const champions = namesText(pool.champions.map((team) => team.teamName)) || 'The champion';
      const lifted = pool.champions.length > 1 ? 'shared the cup' : 'lifted the cup';
      return `${champions} ${lifted}: the pool of ${coinCount(pool.total)} was shared among ${count(pool.championBackers ?? 0, 'stake', 'stakes')}`;
    }
    case 'refunded':
      return 'Every stake came back';
  }
}
