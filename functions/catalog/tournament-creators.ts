// Who may start a tournament: operators always; any other verified user an operator has allowed, or, in a
// deployment with TOURNAMENT_CREATORS=verified, every verified user of the allowed mail domains. The
// creator becomes the tournament's first organiser (functions/catalog/edits.ts createTournament), up to
// TOURNAMENTS_PER_CREATOR tournaments; prizes, withdrawals and other tournaments stay operators' alone.
import { isEmailDomainAllowed } from '#shared/email-domains.ts';
import * as users from '#functions/data/users.ts';
import { config } from '#functions/platform/config.ts';
import { conditionFailedAt } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';

type Creator = Pick<users.UserRecord, 'role' | 'verified' | 'email' | 'mayCreateTournaments'>;

export function mayCreateTournaments(user: Creator): boolean {
  if (user.role === 'operator') return true;
  if (!user.verified) return false;
  if (user.mayCreateTournaments === true) return true;
  const { tournamentCreators, allowedEmailDomains } = config();
  return tournamentCreators === 'verified' && isEmailDomainAllowed(user.email, allowedEmailDomains);
}

/**
 * Operators only (the route says so): allows the user to create tournaments, or stops it (those made stay
 * theirs). A user newly allowed is told, in their inbox and at once on their open pages, where to start.
 */
export async function allowTournamentCreation(userId: string, allowed: boolean): Promise<void> {
  if (allowed) {
    const notice = {
      userId,
      causeId: 'tournament-creator',
      subject: 'You can now create tournaments',
      description: 'Open the Organiser console from your account menu and start the guided setup: name it, paste the teams best first, pick a format, publish.',
      createdAt: new Date().toISOString(),
    };
    try {
      await commitNotifying([users.allowTournamentCreationItem(userId)], [notice]);
      return;
    } catch (error) {
      // Allowed already (nothing to tell again), or no such user (the plain update below says which).
      if (!conditionFailedAt(error, 0)) throw error;
    }
  }
  if (!(await users.setMayCreateTournaments(userId, allowed))) throw new DomainError('user-not-found');
}
