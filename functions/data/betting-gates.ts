// An event's betting gates: BET_GATES items, each on its own partition, each a copy of what a bet on the
// event must check (open, the start, the two teams, the lineup). A bet's one transaction holds a
// ConditionCheck of one gate, so bets on a hot event spread over the gates instead of meeting on the
// event item, and a close is seen by every bet that commits after it (docs/architecture.md, "Betting on
// one hot event: a bet in one transaction").
// Access patterns:
//   a bet checks one gate            -> ConditionCheck pk=GATE#<eventId>#<n>  sk=GATE (in the bet's TransactWrite)
//   close every gate before a change -> Update each gate SET open false, version = the event's + 0.5, holder,
//   of betting                          heldUntil (condition: the gate is not newer)
//   follow the event after it        -> Update each gate SET the event's state at its bettingVersion (condition:
//                                       the gate is not newer, unless it is this change's own hold or an
//                                       abandoned one)
//   delete an event                  -> Delete each gate once the event is gone
//   why a bet's gate refused it      -> GetItem of that gate (a refusal's path, never a bet's success path)
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { db, isConditionFailed, retryLostRacesWhileTimeLeft, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';

/**
 * Gates per event: a setting of the stack (infra sets 128 in the cloud: docs/benchmarks.md, "A bet in
 * one transaction: the ceiling in AWS"); the local cloud and the tests use 4 unless told otherwise.
 */
export function gateCount(): number {
  const n = Number(process.env.BET_GATES ?? 4);
  return Number.isInteger(n) && n >= 1 && n <= 1024 ? n : 4;
}

/** What a gate holds: the event's betting state at one bettingVersion. */
export interface GateState {
  /** Taking bets: the organiser's switch on, no outcome, no live score, both teams known. */
  open: boolean;
  version: number;
  /** The start (epoch ms): bets are refused from then on. */
  startsAtMs: number;
  homeTeamId?: string;
  awayTeamId?: string;
  /** The event's lineupVersion (0: its teams were never changed); a bet records the one it was placed under. */
  lineupVersion: number;
}

export interface GateRecord extends GateState {
  heldUntil?: number;
}

/** How long a change's hold keeps its gates closed if the change never finishes (its function cut off). */
const HOLD_MS = 60_000;
/** Gate writes in flight at once: a close in a rush of bets must not wait on them one by one. */
const GATE_WRITES_AT_ONCE = 32;

export const gateKey = (eventId: string, gate: number) => ({ pk: `GATE#${eventId}#${gate}`, sk: 'GATE' });
const gates = () => Array.from({ length: gateCount() }, (_, gate) => gate);

/** A gate picked at random, other than those already tried when there is another. */
export function pickGate(tried: ReadonlySet<number> = new Set()): number {
  const left = gates().filter((gate) => !tried.has(gate));
  const from = left.length > 0 ? left : gates();
  return from[Math.floor(Math.random() * from.length)];
}

/**
 * The bet's ConditionCheck of one gate: open, not started, the team one of the two, the lineup the bet
 * records. A refused check returns the gate as it was (why it refused: refusalOf).
 */
export function gateCheckItem(eventId: string, gate: number, teamId: string, lineupVersion: number, nowMs: number): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: gateKey(eventId, gate),
      ConditionExpression: '#open = :true AND startsAtMs > :now AND (homeTeamId = :team OR awayTeamId = :team) AND lineupVersion = :lineup',
      ExpressionAttributeNames: { '#open': 'open' },
      ExpressionAttributeValues: { ':true': true, ':now': nowMs, ':team': teamId, ':lineup': lineupVersion },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

export async function getGate(eventId: string, gate: number): Promise<GateRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: gateKey(eventId, gate), ConsistentRead: true }));
  return Item as GateRecord | undefined;
}

/** Runs `write` on every gate, each retried while a bet's transaction holds it. */
const eachGate = (write: (gate: number) => Promise<void>) => forEachLimit(gates(), GATE_WRITES_AT_ONCE, (gate) => retryLostRacesWhileTimeLeft(() => write(gate)));

/** A conditional Update of every gate (`update` without its key); how many found the condition false (a newer gate). */
async function updateEachGate(eventId: string, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<number> {
  let refused = 0;
  await eachGate(async (gate) => {
    try {
      await db.send(new UpdateCommand({ TableName: tableName(), Key: gateKey(eventId, gate), ExpressionAttributeNames: { '#open': 'open' }, ...update }));
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      refused++;
    }
  });
  return refused;
}

/**
 * Closes every gate before a change of the event's betting state, at `hold` (its version read + 0.5: newer
 * than what bets were checked against, older than what the change writes). False when a gate is newer
 * already (another change landed since the version was read): read the event again and hold anew.
 */
export async function holdGates(eventId: string, hold: number, holder: string, nowMs = Date.now()): Promise<boolean> {
  const newer = await updateEachGate(eventId, {
    UpdateExpression: 'SET #open = :false, version = :hold, holder = :holder, heldUntil = :until',
    ConditionExpression: 'attribute_not_exists(version) OR version <= :hold',
    ExpressionAttributeValues: { ':false': false, ':hold': hold, ':holder': holder, ':until': nowMs + HOLD_MS },
  });
  return newer === 0;
}

/** Deletes every gate of an event no longer there: a bet then finds no gate, and the event not found. */
export const dropGates = (eventId: string) => eachGate(async (gate) => void (await db.send(new DeleteCommand({ TableName: tableName(), Key: gateKey(eventId, gate) }))));

/**
 * Writes the event's state to every gate. A gate newer than the state is left alone (it is a newer
 * change's to write), unless its newness is the hold of `releasing` (this change's own, its write
 * refused) or a hold whose change never finished.
 */
export async function followEvent(eventId: string, state: GateState, releasing?: string, nowMs = Date.now()): Promise<void> {
  const teams = state.homeTeamId !== undefined;
  await updateEachGate(eventId, {
    UpdateExpression: `SET #open = :open, version = :version, startsAtMs = :starts, lineupVersion = :lineup${teams ? ', homeTeamId = :home, awayTeamId = :away' : ''} REMOVE holder, heldUntil${teams ? '' : ', homeTeamId, awayTeamId'}`,
    ConditionExpression: `attribute_not_exists(version) OR version <= :version OR heldUntil < :now${releasing ? ' OR holder = :holder' : ''}`,
    ExpressionAttributeValues: {
      ':open': state.open,
      ':version': state.version,
      ':starts': state.startsAtMs,
      ':lineup': state.lineupVersion,
      ':now': nowMs,
      ...(teams && { ':home': state.homeTeamId, ':away': state.awayTeamId }),
      ...(releasing && { ':holder': releasing }),
    },
  });
}

/** A holder's id for one change's hold (holdGates, followEvent's `releasing`). */
export const newHolder = () => randomUUID();
