// DynamoDB's transaction-conflict rules ("Transaction conflict handling in DynamoDB", developer guide),
// which DynamoDB Local does not apply (it runs overlapping transactions one after the other). Pure
// bookkeeping of which items in-flight requests hold; the wire side is dynamodb-conflicts.ts.
//
// The documented cases:
//  1. a PutItem, UpdateItem or DeleteItem on an item that an ongoing TransactWriteItems includes fails
//     with TransactionConflictException;
//  2. a TransactWriteItems with an item that is part of another ongoing TransactWriteItems is cancelled
//     (TransactionCanceledException, reason TransactionConflict at that item's index);
//  3. a TransactGetItems with an item that an ongoing TransactWriteItems, BatchWriteItem, PutItem,
//     UpdateItem or DeleteItem is writing is cancelled the same way;
//  4. GetItem, BatchGetItem, Query and Scan are never refused (they read committed data), and
//     requests on different items never conflict.
// BatchWriteItem has no documented error for this; a write of an item held by a transaction comes back
// in UnprocessedItems (how the call reports each write it did not do), the others go through.

/** What a request does to which items; `items` are item identities (table + key), in request order. */
export type HeldRequest =
  | { kind: 'transact-write'; items: string[] }
  | { kind: 'transact-get'; items: string[] }
  | { kind: 'write'; items: [string] }
  | { kind: 'batch-write'; items: string[] }
  | { kind: 'read' };

export type CancellationCode = 'None' | 'TransactionConflict';

export type Admission =
  /** Forward it; call release() once DynamoDB has answered. `skip` lists batch writes left unprocessed. */
  | { admitted: true; release: () => void; skip: number[] }
  /** Cancel the transaction with these reasons, one per item. */
  | { admitted: false; error: 'TransactionCanceledException'; reasons: CancellationCode[] }
  | { admitted: false; error: 'TransactionConflictException' };

const NOTHING_HELD = () => {};

/** Counts of in-flight holders per item (the same item may be held by several plain writes at once). */
class Holds {
  private readonly counts = new Map<string, number>();
  has = (item: string) => (this.counts.get(item) ?? 0) > 0;
  take(items: string[]): () => void {
    for (const item of items) this.counts.set(item, (this.counts.get(item) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const item of items) {
        const left = (this.counts.get(item) ?? 1) - 1;
        if (left > 0) this.counts.set(item, left);
        else this.counts.delete(item);
      }
    };
  }
  get size() {
    return this.counts.size;
  }
}

export class TransactionConflicts {
  /** Items of TransactWriteItems in flight. */
  private readonly transactions = new Holds();
  /** Items of PutItem, UpdateItem, DeleteItem and BatchWriteItem in flight (they block TransactGetItems only). */
  private readonly writes = new Holds();

  /** Decides a request as DynamoDB would, given what is in flight now; admitted requests hold their items. */
  admit(request: HeldRequest): Admission {
    switch (request.kind) {
      case 'read':
        return { admitted: true, release: NOTHING_HELD, skip: [] };
      case 'write':
        if (this.transactions.has(request.items[0])) return { admitted: false, error: 'TransactionConflictException' };
        return { admitted: true, release: this.writes.take(request.items), skip: [] };
      case 'batch-write': {
        const skip = request.items.flatMap((item, index) => (this.transactions.has(item) ? [index] : []));
        const written = request.items.filter((_, index) => !skip.includes(index));
        return { admitted: true, release: this.writes.take(written), skip };
      }
      case 'transact-write':
      case 'transact-get': {
        const blocked = (item: string) => this.transactions.has(item) || (request.kind === 'transact-get' && this.writes.has(item));
        const reasons = request.items.map((item): CancellationCode => (blocked(item) ? 'TransactionConflict' : 'None'));
        if (reasons.includes('TransactionConflict')) return { admitted: false, error: 'TransactionCanceledException', reasons };
        // A transactional read holds nothing that others could conflict with.
        return { admitted: true, release: request.kind === 'transact-write' ? this.transactions.take(request.items) : NOTHING_HELD, skip: [] };
      }
    }
  }

  /** Items held right now (for tests: nothing may stay held once every request has been answered). */
  get heldItems(): number {
    return this.transactions.size + this.writes.size;
  }
}
