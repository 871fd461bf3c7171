import { describe, expect, it } from 'vitest';
import { UNDERDOG_BONUS_COINS, UNDERDOG_SHARE } from './constants.ts';
import { isUnderdog, underdogBonus, UNDERDOG_RULE_TEXT } from './underdog.ts';

describe('isUnderdog', () => {
  it('is a side fewer than 20% of the bettors backed', () => {
    expect(UNDERDOG_SHARE).toBe(0.2);
    expect(isUnderdog(1, 6)).toBe(true); // 16.7%
    expect(isUnderdog(1, 5)).toBe(false); // exactly 20%: not fewer
    expect(isUnderdog(19, 100)).toBe(true);
    expect(isUnderdog(20, 100)).toBe(false);
    expect(isUnderdog(5, 6)).toBe(false);
  });

  it('needs bettors: no split, no underdog', () => {
    expect(isUnderdog(0, 0)).toBe(false);
  });

  it('counts a side nobody backed as the underdog of a match others bet on (no win there pays, so nothing is paid)', () => {
    expect(isUnderdog(0, 3)).toBe(true);
  });
});

describe('underdogBonus', () => {
  it('pays the stated bonus on the underdog side only', () => {
    const split = { a: 5, b: 1 };
    expect(underdogBonus(split, 'b')).toBe(UNDERDOG_BONUS_COINS);
    expect(underdogBonus(split, 'a')).toBe(0);
  });

  it('pays nothing when no split was recorded (an event settled before the bonus existed)', () => {
    expect(underdogBonus(undefined, 'b')).toBe(0);
  });

  it('pays nothing to the only bettor of a match, nor to an even split', () => {
    expect(underdogBonus({ a: 1 }, 'a')).toBe(0);
    expect(underdogBonus({ a: 3, b: 3 }, 'b')).toBe(0);
  });

  it('states the rule with its numbers', () => {
    expect(UNDERDOG_RULE_TEXT).toBe(`Back a side fewer than 20% of bettors pick and win: +${UNDERDOG_BONUS_COINS} coins bonus`);
  });
});
