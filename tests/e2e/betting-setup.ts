// What the betting browser tests need that no screen makes: the matches they play with, made through the
// operator API (so they do not depend on the demo data): one tournament, four teams, an open, a paused
// and a finished event; and cash prizes, credited through the functions' own wallet module.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { AdminEvent, AdminTeam } from '#shared/api.ts';
import { PAISE_PER_RUPEE } from '#shared/constants.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import { createTeam, createTournament, hoursFromNow, operatorClient } from '../integration/game-flows.ts';
import type { ApiClient } from '../helpers/api.ts';

export interface TestCatalog {
  tournamentId: string;
  title: string;
  teams: Record<'falcons' | 'tigers' | 'rhinos' | 'owls', AdminTeam>;
  openEvent: AdminEvent;
  pausedEvent: AdminEvent;
}

async function createMatch(operator: ApiClient, tournamentId: string, teams: [AdminTeam, AdminTeam], startsInHours: number): Promise<AdminEvent> {
  const answer = await operator.post('/admin/events', { tournamentId, time: hoursFromNow(startsInHours), teamIds: teams.map((t) => t._id) });
  if (answer.status !== 201) throw new Error(`create event answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The functions' configuration pointed at the local cloud's table, before one of their modules loads. */
function useLocalCloudTable() {
  Object.assign(process.env, inject('cloudEnv'));
  useTestEnv();
}

/**
 * A finished match with a winner. The operator API declares winners only in the next release, so this
 * writes the event the way the demo seed does, through the functions' own data module.
 */
async function createFinishedMatch(tournamentId: string, teams: [AdminTeam, AdminTeam], winner: AdminTeam) {
  useLocalCloudTable();
  const [{ newEventItem }, { transactWrite }] = await Promise.all([import('#functions/data/events.ts'), import('#functions/platform/dynamodb.ts')]);
  await transactWrite([
    newEventItem({
      id: randomUUID(),
      tournamentId,
      time: hoursFromNow(-30),
      teamIds: [teams[0]._id, teams[1]._id],
      isBetActive: false,
      winnerTeamId: winner._id,
      createdAt: new Date().toISOString(),
    }),
  ]);
}

export async function createTestCatalog(): Promise<TestCatalog> {
  const operator = await operatorClient();
  // Six hex digits: every test file's catalog shares the cloud's home page, and four collided once in a run.
  const title = `Campus Sixes Cup ${randomUUID().slice(0, 6).toUpperCase()}`;
  const tournament = await createTournament(operator, title);
  const [falcons, tigers, rhinos, owls] = await Promise.all(
    ['Falcons XI', 'Tigers United', 'Rhinos CC', 'Night Owls'].map((name) => createTeam(operator, name)),
  );
  const openEvent = await createMatch(operator, tournament._id, [falcons, tigers], 3);
  const pausedEvent = await createMatch(operator, tournament._id, [rhinos, owls], 5);
  const paused = await operator.patch(`/admin/events/${pausedEvent._id}`, { isBetActive: false });
  if (paused.status !== 200) throw new Error(`pausing the event answered ${paused.status}`);
  await createFinishedMatch(tournament._id, [tigers, rhinos], tigers);
  return { tournamentId: tournament._id, title, teams: { falcons, tigers, rhinos, owls }, openEvent, pausedEvent };
}

/** Credits a cash prize (operators do this from the next release on). */
export async function creditPrize(userId: string, rupees: number) {
  useLocalCloudTable();
  const { creditCash } = await import('#functions/wallet/prizes.ts');
  await creditCash(userId, rupees * PAISE_PER_RUPEE, randomUUID());
}
