// Removing a team no match uses, with Undo on its toast: nothing points at it, so Undo makes it again as
// it was (name, rank, members, tournament), under a new id. The Teams screen and the guided setup's list.
import type { Team } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { undoableToast } from '../undo-toast.ts';
import type { useServerAction } from '../use-server-action.ts';
import { createTeam } from './api/create-team.ts';
import { removeTeam } from './api/remove-team.ts';

type Run = ReturnType<typeof useServerAction>['run'];

/** Removes the team through the form's `run` (its error shows beside the list); `onRestored` gets the team Undo made. */
export async function removeTeamUndoably(
  team: Team,
  tournamentId: string | undefined,
  run: Run,
  { onRemoved, onRestored }: { onRemoved: () => unknown; onRestored: (made: Team) => unknown },
): Promise<void> {
  if (!(await run(() => removeTeam(team._id), null))) return;
  await onRemoved();
  undoableToast(`${MSG.teamRemoved}: ${team.teamName}`, () => {
    const { teamName, teamRank, members } = team;
    void run(() => createTeam({ teamName, teamRank: teamRank ?? undefined, members, ...(tournamentId && { tournamentId }) }), MSG.teamRestored).then(
      (made) => made && onRestored(made.value),
    );
  });
}
