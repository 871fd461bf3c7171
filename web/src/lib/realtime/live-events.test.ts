import { describe, expect, it, vi } from 'vitest';
import { setCrowd, subscribeTo } from './live-events.ts';

describe('the live cards store', () => {
  const crowd = (eventId: string, bettors: Record<string, number>) => ({ eventId, tournamentId: 'tournament', bettors });

  it('renders only the card a crowd split is about, and only when it shows something new', () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    const firstCard = vi.fn();
    const secondCard = vi.fn();
    const stopFirst = subscribeTo(first)(firstCard);
    const stopSecond = subscribeTo(second)(secondCard);

    // A watch reply for matches nobody has bet on: each card already says so.
    setCrowd(crowd(first, { home: 0, away: 0 }));
    setCrowd(crowd(second, {}));
    expect(firstCard).not.toHaveBeenCalled();
    expect(secondCard).not.toHaveBeenCalled();

    setCrowd(crowd(first, { home: 1, away: 0 }));
    expect(firstCard).toHaveBeenCalledTimes(1);
    expect(secondCard).not.toHaveBeenCalled();

    // The same counts again (the reply after a reconnect): nothing to render.
    setCrowd(crowd(first, { home: 1, away: 0 }));
    expect(firstCard).toHaveBeenCalledTimes(1);
    setCrowd(crowd(first, { home: 1, away: 1 }));
    expect(firstCard).toHaveBeenCalledTimes(2);

    stopFirst();
    setCrowd(crowd(first, { home: 2, away: 1 }));
    expect(firstCard).toHaveBeenCalledTimes(2);
    stopSecond();
  });
});
