import { describe, expect, it } from 'vitest';
import { bettingChangesOf, type EventRecord, gateStateOf } from './events.ts';

const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' });

describe('bettingChangesOf: the writes that change an event’s betting state, so its gates must follow', () => {
  it('a Put or a Delete of an event, and an Update that moves its bettingVersion', () => {
    expect(bettingChangesOf([{ Put: { TableName: 't', Item: { ...eventKey('e1'), isBetActive: true } } }])).toEqual(['e1']);
    expect(bettingChangesOf([{ Delete: { TableName: 't', Key: eventKey('e2') } }])).toEqual(['e2']);
    expect(bettingChangesOf([{ Update: { TableName: 't', Key: eventKey('e3'), UpdateExpression: 'SET isBetActive = :false ADD bettingVersion :one' } }])).toEqual(['e3']);
  });

  it('not an Update that leaves the version (a later live score, settled flags), nor other items', () => {
    expect(bettingChangesOf([{ Update: { TableName: 't', Key: eventKey('e1'), UpdateExpression: 'SET liveScore = :score' } }])).toEqual([]);
    expect(bettingChangesOf([{ Update: { TableName: 't', Key: { pk: 'GATE#e1#0', sk: 'GATE' }, UpdateExpression: 'SET #open = :false, version = :hold' } }])).toEqual([]);
    expect(bettingChangesOf([{ Put: { TableName: 't', Item: { pk: 'USER#u1', sk: 'BET#e1' } } }])).toEqual([]);
  });

  it('each event once in a transaction, its ConditionChecks aside', () => {
    const items = [
      { ConditionCheck: { TableName: 't', Key: eventKey('e9'), ConditionExpression: 'attribute_exists(pk)' } },
      { Update: { TableName: 't', Key: eventKey('e1'), UpdateExpression: 'SET isVoid = :true ADD bettingVersion :one' } },
      { Put: { TableName: 't', Item: { ...eventKey('e2'), time: 't' } } },
      { Update: { TableName: 't', Key: eventKey('e3'), UpdateExpression: 'SET teamIds = :pair ADD bettingVersion :one' } },
      { Update: { TableName: 't', Key: eventKey('e1'), UpdateExpression: 'ADD bettingVersion :one' } },
    ];
    expect(bettingChangesOf(items)).toEqual(['e1', 'e2', 'e3']);
  });
});

describe('gateStateOf: what a bet must find at a gate', () => {
  const open: EventRecord = { id: 'e1', tournamentId: 't1', time: '2026-12-01T10:00:00.000Z', teamIds: ['a', 'b'], isBetActive: true, bettingVersion: 3 } as EventRecord;

  it('open with both teams, the start in ms, the version and the lineup (0 when never changed)', () => {
    expect(gateStateOf(open)).toEqual({ open: true, version: 3, startsAtMs: Date.parse(open.time), homeTeamId: 'a', awayTeamId: 'b', lineupVersion: 0 });
  });

  it('closed when paused, decided, being played, or waiting for a side', () => {
    expect(gateStateOf({ ...open, isBetActive: false }).open).toBe(false);
    expect(gateStateOf({ ...open, winnerTeamId: 'a' }).open).toBe(false);
    expect(gateStateOf({ ...open, isDraw: true }).open).toBe(false);
    expect(gateStateOf({ ...open, liveScore: { home: 0, away: 0 } }).open).toBe(false);
    const waiting = gateStateOf({ ...open, teamIds: [] });
    expect(waiting).toMatchObject({ open: false });
    expect(waiting.homeTeamId).toBeUndefined();
  });
});
