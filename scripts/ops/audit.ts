// ops audit: prints each disagreement the audit finds; exit code 1 if there is any.
import { auditTable } from './money-audit.ts';

export async function audit(): Promise<number> {
  const problems = await auditTable();
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? 'Audit: everything agrees.' : `Audit: ${problems.length} disagreement(s).`);
  return problems.length === 0 ? 0 : 1;
}
