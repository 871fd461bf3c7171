// GET /admin/users/{id}/ledger: a person's coin history, a page at a time (the same pages as their own),
// for the person page's coin history chunk (person-ledger.tsx).
import { type LedgerPages, useLedgerPages } from '../../../../lib/wallet/ledger-pages.ts';
import { personPath } from './get-person.ts';

export const usePersonLedger = (userId: string): LedgerPages => useLedgerPages(`${personPath(userId)}/ledger`);
