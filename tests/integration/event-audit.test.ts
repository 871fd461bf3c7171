// The audit trail of an event (issue 14 §3) is written in the same transaction as the change it records:
// each change leaves exactly one entry, a change refused by its condition leaves none, and a change whose
// entry cannot be written is not made either (no change without its trail, no trail without the change).
// A change made once (the result, the n-th correction) has a fixed entry id, so a retry adds no second.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventAuditEntry } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createEvent, hoursFromNow, operatorClient } from './game-flows.ts';
import { settlementModules, waitFor, waitUntilSettled } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

async function modules() {
  const [base, audit, eventOutcomes, corrections] = await Promise.all([
    settlementModules(),
    import('#functions/data/event-audit.ts'),
    import('#functions/data/event-outcomes.ts'),
    import('#functions/settlement/corrections.ts'),
  ]);
  return { ...base, audit, eventOutcomes, corrections };
}

/** The event's audit items as they are in the table, oldest first. */
async function trail(eventId: string) {
  const { audit } = await modules();
  return audit.listEventAudit(eventId);
}

const actions = async (eventId: string) => (await trail(eventId)).map((entry) => entry.action);

describe('event audit entries, one transaction with the change', { timeout: 90_000 }, () => {
  it('each change leaves exactly one entry; a change refused by its condition leaves none', async () => {
    const { event, teams } = await createEvent(operator);
    const id = event._id;
    expect(await actions(id)).toEqual(['created']);

    expect((await operator.patch(`/admin/events/${id}`, { isBetActive: false })).status).toBe(200);
    expect((await operator.patch(`/admin/events/${id}`, { isBetActive: true })).status).toBe(200);
    expect((await operator.patch(`/admin/events/${id}`, { time: hoursFromNow(5) })).status).toBe(200);
    expect(await actions(id)).toEqual(['created', 'paused', 'reopened', 're-timed']);

    // Unknown event: refused by the update's condition, no entry anywhere.
    const nowhere = randomUUID();
    expect((await operator.patch(`/admin/events/${nowhere}`, { isBetActive: false })).status).toBe(404);
    expect(await trail(nowhere)).toEqual([]);

    // The result twice at once, then a conflicting one: one 'decided' entry.
    const results = await Promise.all([0, 0].map((team) => operator.post(`/admin/events/${id}/result`, { winnerTeamId: teams[team]._id })));
    expect(results.map((answer) => answer.status)).toEqual([202, 202]);
    const conflict = await operator.post(`/admin/events/${id}/result`, { winnerTeamId: teams[1]._id });
    expect(conflict.status).toBe(409);
    expect(await actions(id)).toEqual(['created', 'paused', 'reopened', 're-timed', 'decided']);

    // A correction asked twice at once, then the same outcome again: one 'corrected' entry.
    await waitUntilSettled(id);
    const corrections = await Promise.all([1, 1].map((team) => operator.post(`/admin/events/${id}/correct-result`, { winnerTeamId: teams[team]._id })));
    // The second is answered the correction in progress (202), or, if that one already finished, 'same outcome'.
    expect(corrections.map((answer) => answer.status)).toContain(202);
    for (const answer of corrections) expect([202, 400]).toContain(answer.status);
    const { events } = await modules();
    await waitFor(() => events.getEvent(id, true), (current) => current?.settledGeneration === 1, 30_000);
    const same = await operator.post(`/admin/events/${id}/correct-result`, { winnerTeamId: teams[1]._id });
    expect(same.body.message).toBe(MSG.correctionSameOutcome);
    const entries = await trail(id);
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'paused', 'reopened', 're-timed', 'decided', 'corrected']);

    // What the console reads is what the table holds.
    const history = await operator.get<{ data: EventAuditEntry[] }>(`/admin/events/${id}/audit`);
    expect(history.body.data.map((entry) => entry.action)).toEqual(entries.map((entry) => entry.action));
  });

  it('a void leaves one entry; voiding again leaves none', async () => {
    const { event } = await createEvent(operator);
    expect((await operator.post(`/admin/events/${event._id}/result`, { void: true })).status).toBe(202);
    expect((await operator.post(`/admin/events/${event._id}/result`, { void: true })).status).toBe(202);
    expect(await actions(event._id)).toEqual(['created', 'voided']);
  });

  it('a pause, re-time or result whose entry cannot be written is not made (the change and its entry commit together)', async () => {
    const { event, teams } = await createEvent(operator);
    const { audit, events, eventOutcomes } = await modules();
    const before = (await events.getEvent(event._id, true))!;
    // An entry whose key is already taken: its Put fails the way a write cut off would leave nothing.
    const entry = { eventId: event._id, action: 'paused' as const, actorId: 'audit-test', actorName: 'Audit test', at: new Date().toISOString() };
    await (await import('#functions/platform/dynamodb.ts')).transactWrite([audit.eventAuditItem(entry, 'taken')]);
    const taken = () => [audit.eventAuditItem(entry, 'taken')];

    await expect(events.updateEvent(event._id, { isBetActive: false }, taken())).rejects.toThrow();
    await expect(events.updateEvent(event._id, { time: hoursFromNow(9) }, taken())).rejects.toThrow();
    await expect(eventOutcomes.recordOutcome(event._id, { winnerTeamId: teams[0]._id }, new Date().toISOString(), taken())).rejects.toThrow();

    const after = (await events.getEvent(event._id, true))!;
    expect(after).toEqual(before);
    expect(after.isBetActive).toBe(true);
    expect(after.decidedAt).toBeUndefined();
    expect(await actions(event._id)).toEqual(['created', 'paused']);
  });
});
