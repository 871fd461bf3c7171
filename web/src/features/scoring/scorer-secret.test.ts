import { describe, expect, it } from 'vitest';
import { takeScorerSecret } from './scorer-secret.ts';

function tab(address: string) {
  const url = new URL(address);
  const place = { hash: url.hash, pathname: url.pathname, search: url.search };
  const kept = new Map<string, string>();
  const replaced: string[] = [];
  const keeper = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
  const history = {
    state: { key: 'entry1', idx: 0 },
    replaceState(state: unknown, _unused: string, to?: string | URL | null) {
      expect(state).toEqual({ key: 'entry1', idx: 0 }); // the router's entry stays as it was
      replaced.push(String(to));
      place.hash = '';
    },
  };
  return { place, keeper, history, replaced, take: () => takeScorerSecret(place, keeper, history) };
}

describe('the scorer link’s secret', () => {
  it('is read off the address once, kept for the tab, and taken off the address bar', () => {
    const { take, replaced } = tab('https://bet.example/score?match=m1#s3cr3t-Token_x');
    expect(take()).toBe('s3cr3t-Token_x');
    expect(replaced).toEqual(['/score?match=m1']);
    // A reload: the address has no secret any more, the tab still has it.
    expect(take()).toBe('s3cr3t-Token_x');
    expect(replaced).toHaveLength(1);
  });

  it('is the newest link’s when another is opened in the same tab', () => {
    const { take, place } = tab('https://bet.example/score#first');
    take();
    place.hash = '#second';
    expect(take()).toBe('second');
  });

  it('is missing when the page is opened with no link', () => {
    expect(tab('https://bet.example/score').take()).toBeNull();
  });
});
