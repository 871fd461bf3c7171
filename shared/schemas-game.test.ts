import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { MSG } from './messages.ts';
import { createBetSchema, createEventSchema, createTeamSchema, createTournamentSchema, updateEventSchema, updateTeamSchema, withdrawSchema } from './schemas.ts';

const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('withdrawSchema', () => {
  const valid = { amount: 10, upiId: 'asha.k-1@okaxis' };

  it('takes rupees from 10 with at most two decimals, and trims the UPI id', () => {
    expect(withdrawSchema.parse({ amount: 10.25, upiId: ' a_b@ybl ' })).toEqual({ amount: 10.25, upiId: 'a_b@ybl' });
    expect(firstMessage(withdrawSchema, { ...valid, amount: 9.99 })).toBe(MSG.minWithdraw);
    expect(firstMessage(withdrawSchema, { ...valid, amount: 10.001 })).toBe(MSG.withdrawAmountPrecision);
    fc.assert(fc.property(fc.integer({ min: 1000, max: 10_000_000 }), (paise) => withdrawSchema.safeParse({ ...valid, amount: paise / 100 }).success));
  });

  it('refuses amounts whose paise would not be a safe integer (they used to reach DynamoDB and fail)', () => {
    expect(firstMessage(withdrawSchema, { ...valid, amount: 2 ** 53 + 1 })).toBe(MSG.notEnoughWallet);
    expect(firstMessage(withdrawSchema, { ...valid, amount: 1e15 })).toBe(MSG.notEnoughWallet);
  });

  it('refuses UPI ids that are not handle@provider', () => {
    for (const upiId of ['', 'asha', 'a@okaxis', 'asha@', 'asha@9bank', 'asha@o', 'as ha@okaxis', 'asha@ok@axis']) {
      expect(firstMessage(withdrawSchema, { ...valid, upiId }), upiId).toBe(MSG.invalidUpi);
    }
  });
});

describe('createBetSchema', () => {
  it('needs ids, a known betting mode and a number', () => {
    const bet = { teamId: crypto.randomUUID(), eventId: crypto.randomUUID(), betWay: 'coin', amount: 50 };
    expect(createBetSchema.parse(bet)).toEqual(bet);
    expect(firstMessage(createBetSchema, { ...bet, betWay: 'upi' })).toBe(MSG.betWayInvalid);
    expect(firstMessage(createBetSchema, { ...bet, amount: '50' })).toBe(MSG.betAmountNotNumber);
    expect(firstMessage(createBetSchema, { ...bet, teamId: 'team-1' })).toBe(MSG.invalidId);
  });
});

describe('event schemas', () => {
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];

  it('stores the time as UTC and needs two different teams', () => {
    const event = createEventSchema.parse({ tournamentId: a, time: '2030-01-01T10:00:00+05:30', teamIds: [a, b] });
    expect(event.time).toBe('2030-01-01T04:30:00.000Z');
    expect(firstMessage(createEventSchema, { tournamentId: a, time: '2030-01-01T10:00:00Z', teamIds: [a, a] })).toBe(MSG.teamIdsInvalid);
    expect(firstMessage(createEventSchema, { tournamentId: a, time: '2030-01-01', teamIds: [a, b] })).toBe(MSG.eventTimeInvalid);
  });

  it('PATCH bodies must change something', () => {
    expect(firstMessage(updateEventSchema, {})).toBe(MSG.nothingToUpdate);
    expect(firstMessage(updateTeamSchema, { teamName: undefined })).toBe(MSG.nothingToUpdate);
    expect(updateEventSchema.parse({ isBetActive: false })).toEqual({ isBetActive: false });
  });
});

describe('names and labels', () => {
  it('refuse control characters and bidirectional overrides, and keep emoji and accents', () => {
    for (const bad of ['\u0000', 'Cup\u0007', 'Cup\nTwo', 'Cup \u202egnp.exe', '\u2066Cup']) {
      expect(firstMessage(createTournamentSchema, { title: bad }), JSON.stringify(bad)).toBe(bad.trim() === '' ? MSG.titleRequired : MSG.textInvalidCharacters);
      expect(firstMessage(createTeamSchema, { teamName: 'Team', members: [{ name: bad }] }), JSON.stringify(bad)).toBeDefined();
    }
    expect(createTournamentSchema.safeParse({ title: 'Coupe d\u2019\u00e9t\u00e9 \u{1F3CF}\u200d' }).success).toBe(true);
  });
});
