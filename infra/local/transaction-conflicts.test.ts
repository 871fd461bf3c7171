// The conflict rules against the cases of AWS's "Transaction conflict handling in DynamoDB".
import { describe, expect, it } from 'vitest';
import { type Admission, TransactionConflicts } from './transaction-conflicts.ts';

const admitted = (admission: Admission) => {
  if (!admission.admitted) throw new Error(`refused: ${admission.error}`);
  return admission;
};

describe('TransactionConflicts', () => {
  it('cancels a TransactWriteItems with an item of an ongoing TransactWriteItems, TransactionConflict at that index only', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['event', 'wallet-a'] }));
    expect(conflicts.admit({ kind: 'transact-write', items: ['wallet-b', 'bet-b', 'event'] })).toEqual({
      admitted: false,
      error: 'TransactionCanceledException',
      reasons: ['None', 'None', 'TransactionConflict'],
    });
  });

  it('a ConditionCheck is not exempt: two transactions that only check the same item conflict', () => {
    const conflicts = new TransactionConflicts();
    // The rules see items, not actions: a ConditionCheck holds its item like a Put does.
    admitted(conflicts.admit({ kind: 'transact-write', items: ['checked'] }));
    expect(conflicts.admit({ kind: 'transact-write', items: ['checked'] }).admitted).toBe(false);
  });

  it('never conflicts transactions on different items, however many are in flight', () => {
    const conflicts = new TransactionConflicts();
    for (let user = 0; user < 300; user++) admitted(conflicts.admit({ kind: 'transact-write', items: [`wallet-${user}`, `bet-${user}`, `ledger-${user}`] }));
    expect(conflicts.heldItems).toBe(900);
  });

  it('refuses PutItem, UpdateItem and DeleteItem on an item of an ongoing TransactWriteItems with TransactionConflictException', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['event'] }));
    expect(conflicts.admit({ kind: 'write', items: ['event'] })).toEqual({ admitted: false, error: 'TransactionConflictException' });
    admitted(conflicts.admit({ kind: 'write', items: ['other'] }));
  });

  it('cancels a TransactGetItems with an item being written by a transaction, a single write or a batch write', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['a'] }));
    admitted(conflicts.admit({ kind: 'write', items: ['b'] }));
    admitted(conflicts.admit({ kind: 'batch-write', items: ['c'] }));
    for (const item of ['a', 'b', 'c']) {
      expect(conflicts.admit({ kind: 'transact-get', items: ['free', item] })).toEqual({
        admitted: false,
        error: 'TransactionCanceledException',
        reasons: ['None', 'TransactionConflict'],
      });
    }
    admitted(conflicts.admit({ kind: 'transact-get', items: ['free'] }));
  });

  it('never refuses plain reads, even of items held by a transaction, and reads hold nothing', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['a'] }));
    admitted(conflicts.admit({ kind: 'read' }));
    // A transactional read in flight blocks nobody.
    admitted(conflicts.admit({ kind: 'transact-get', items: ['x'] }));
    admitted(conflicts.admit({ kind: 'transact-write', items: ['x'] }));
    admitted(conflicts.admit({ kind: 'write', items: ['x2'] }));
  });

  it('single writes do not block transactions or each other (only TransactGetItems)', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'write', items: ['a'] }));
    admitted(conflicts.admit({ kind: 'write', items: ['a'] }));
    admitted(conflicts.admit({ kind: 'transact-write', items: ['a'] }));
  });

  it('sends batch writes of held items back unprocessed and lets the rest through', () => {
    const conflicts = new TransactionConflicts();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['b'] }));
    expect(admitted(conflicts.admit({ kind: 'batch-write', items: ['a', 'b', 'c'] })).skip).toEqual([1]);
  });

  it('frees the items once the request is answered, and only once', () => {
    const conflicts = new TransactionConflicts();
    const first = admitted(conflicts.admit({ kind: 'transact-write', items: ['a', 'b'] }));
    const single = admitted(conflicts.admit({ kind: 'write', items: ['c'] }));
    const again = admitted(conflicts.admit({ kind: 'write', items: ['c'] }));
    first.release();
    first.release();
    admitted(conflicts.admit({ kind: 'transact-write', items: ['b'] })).release();
    single.release();
    expect(conflicts.admit({ kind: 'transact-get', items: ['c'] }).admitted).toBe(false); // the other write of c is still in flight
    again.release();
    admitted(conflicts.admit({ kind: 'transact-get', items: ['c'] }));
    expect(conflicts.heldItems).toBe(0);
  });
});
