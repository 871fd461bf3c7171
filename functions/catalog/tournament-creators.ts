// Who may start a tournament: operators always; any other verified user an operator has allowed, or, in a
// deployment with TOURNAMENT_CREATORS=verified, every verified user of the allowed mail domains. The
// creator becomes the tournament's first organiser (functions/catalog/edits.ts createTournament), up to
// TOURNAMENTS_PER_CREATOR tournaments; prizes, withdrawals and other tournaments stay operators' alone.
import { isEmailDomainAllowed } from '#shared/email-domains.ts';
import * as users from '#functions/data/users.ts';
import { config } from '#functions/platform/config.ts';
import { DomainError } from '#functions/platform/errors.ts';

type Creator = Pick<users.UserRecord, 'role' | 'verified' | 'email' | 'mayCreateTournaments'>;

export function mayCreateTournaments(user: Creator): boolean {
  if (user.role === 'operator') return true;
  if (!user.verified) return false;
  if (user.mayCreateTournaments === true) return true;
  const { tournamentCreators, allowedEmailDomains } = config();
  return tournamentCreators === 'verified' && isEmailDomainAllowed(user.email, allowedEmailDomains);
}

/** Operators only (the route says so): allows the user to create tournaments, or stops it (those made stay theirs). */
export async function allowTournamentCreation(userId: string, allowed: boolean): Promise<void> {
  if (!(await users.setMayCreateTournaments(userId, allowed))) throw new DomainError('user-not-found');
}
