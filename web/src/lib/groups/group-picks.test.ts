import { describe, expect, it } from 'vitest';
import { GROUP_PICKS_EVENTS_MAX } from '#shared/constants.ts';
import { picksRequestIds } from './group-picks.ts';

describe('picksRequestIds', () => {
  it("asks for the whole list when it fits in one request, and every card of a share asks the same", () => {
    expect(picksRequestIds(['a', 'b', 'c'], 'b')).toEqual(['a', 'b', 'c']);
    const list = Array.from({ length: GROUP_PICKS_EVENTS_MAX + 5 }, (_, i) => `e${i}`);
    expect(picksRequestIds(list, 'e0')).toEqual(list.slice(0, GROUP_PICKS_EVENTS_MAX));
    expect(picksRequestIds(list, `e${GROUP_PICKS_EVENTS_MAX - 1}`)).toEqual(list.slice(0, GROUP_PICKS_EVENTS_MAX));
    expect(picksRequestIds(list, `e${GROUP_PICKS_EVENTS_MAX}`)).toEqual(list.slice(GROUP_PICKS_EVENTS_MAX));
  });

  it('asks for the match alone when the list does not hold it', () => {
    expect(picksRequestIds(['a', 'b'], 'z')).toEqual(['z']);
  });
});
