import { describe, expect, it } from 'vitest';
import type { UserNotification } from '#shared/api.ts';
import { groupByDayInZone } from './day-groups.ts';

const notice = (createdAt: string): UserNotification => ({ _id: createdAt, createdAt, subject: 's', description: 'd', isReaded: false });

describe('groupByDayInZone', () => {
  // 19:00 UTC on 4 Mar is 00:30 IST on 5 Mar: one UTC day, two days in India.
  const utcGroups = [{ date: '4 Mar 2024', notifications: [notice('2024-03-04T19:00:00.000Z'), notice('2024-03-04T10:00:00.000Z')] }];

  it('moves a late-evening UTC notice to the next day in IST, keeping the order', () => {
    expect(groupByDayInZone(utcGroups, 'Asia/Kolkata')).toEqual([
      { date: '5 Mar 2024', notifications: [utcGroups[0].notifications[0]] },
      { date: '4 Mar 2024', notifications: [utcGroups[0].notifications[1]] },
    ]);
  });

  it('leaves the groups as they are in UTC', () => {
    expect(groupByDayInZone(utcGroups, 'UTC')).toEqual(utcGroups);
  });
});
