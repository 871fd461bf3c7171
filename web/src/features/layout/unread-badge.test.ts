import { describe, expect, it } from 'vitest';
import { showUnreadBadge } from './unread-badge.ts';

describe('showUnreadBadge', () => {
  it('hides the badge with nothing unread or an unknown count', () => {
    expect(showUnreadBadge(0)).toBe(false);
    expect(showUnreadBadge(undefined)).toBe(false);
  });

  it('shows 1 to 99', () => {
    expect(showUnreadBadge(1)).toBe(true);
    expect(showUnreadBadge(99)).toBe(true);
  });

  it('hides it at 100 or more', () => {
    expect(showUnreadBadge(100)).toBe(false);
    expect(showUnreadBadge(250)).toBe(false);
  });
});
