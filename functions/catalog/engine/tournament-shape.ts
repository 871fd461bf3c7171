// A tournament's shape as everyone reads it: its stage ('Matchday 3', 'Semi-finals'), the next match, its
// standings tables and its bracket, from its events and the plan its format left (catalog/formats.ts), its
// sides named as the plan names them (shared/format-plan.ts). Read on every result, so it is one query of
// the events and one batch of teams.
import type { ShapeMatch, ShapeSlot, StandingsTable, Team, TournamentShape } from '#shared/api.ts';
import { type Bracket, type BracketMatch, isByeMatch, type Slot } from '#shared/fixture-generation.ts';
import { plannedSide } from '#shared/format-plan.ts';
import { type PointsRule, sportRules, tablePointsOf } from '#shared/sports.ts';
import { tableResultOf } from '#shared/match-results.ts';
import { standings, tieBreakText } from '#shared/standings.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { isBettingOpen, isEventFinished } from '#functions/betting/betting-rules.ts';
import { scoringOf } from '#functions/betting/match-scoring.ts';
import { publicTeam } from '../listings.ts';
import { stageOf } from './stages.ts';

function table(group: string | null, teamIds: readonly string[], played: readonly events.EventRecord[], teamOf: (id: string) => Team | undefined, points: PointsRule): StandingsTable {
  const members = new Set(teamIds);
  const results = played
    .filter(events.hasBothTeams)
    .filter((event) => event.decidedAt && !event.bracket && members.has(event.teamIds[0]) && members.has(event.teamIds[1]))
    .map((event) => tableResultOf(event.teamIds, events.outcomeOf(event)));
  const listed = teamIds.flatMap((id) => {
    const team = teamOf(id);
    return team ? [{ id, name: team.teamName }] : [];
  });
  return { group, rows: standings(listed, results, points).map(({ teamId, ...row }) => ({ team: teamOf(teamId)!, ...row })) };
}

export async function tournamentShape(tournamentId: string, now = new Date()): Promise<TournamentShape> {
  const tournament = await tournaments.getTournament(tournamentId);
  if (!tournament) throw new DomainError('tournament-not-found');
  const plan = tournament.formatPlan;
  // A match a correction replaced is history: its replacement stands in its place.
  const current = (await events.listTournamentEvents(tournamentId)).filter((event) => !event.replacedBy);
  const ids = new Set([...(plan?.seededTeamIds ?? []), ...current.flatMap((event) => [...event.teamIds, ...[event.homeTeamId, event.awayTeamId].filter((id) => id !== undefined)])]);
  const teamsById = await teams.getTeams([...ids]);
  const teamOf = (id: string) => {
    const team = teamsById.get(id);
    return team && publicTeam(team);
  };

  const byKey = new Map(current.flatMap((event) => (event.bracket ? [[event.bracket.key, event] as const] : [])));
  const decided = current.filter((event) => event.decidedAt);
  const format = plan?.format ?? null;
  let tables: StandingsTable[] = [];
  const points = tablePointsOf(tournament);
  if (format?.kind === 'league') tables = [table(null, plan!.seededTeamIds, decided, teamOf, points)];
  else if (format?.kind === 'groups-knockout') tables = (plan!.structure.groups ?? []).map((group) => table(group.name, group.teamIds, decided, teamOf, points));
  else if (!format) tables = current.length > 0 ? [table(null, [...ids], decided, teamOf, points)] : [];

  const bracket = plan?.structure.bracket;
  /** A side of a bracket match: its team, else what its match says it waits for, else what the plan says. */
  const slotOf = (bracket: Bracket, event: events.EventRecord | undefined, side: events.Side, slot: Slot): ShapeSlot => {
    const planned = plannedSide(bracket, slot);
    if (!planned) return { bye: true };
    const known = (event && events.sideTeam(event, side)) ?? ('team' in planned ? planned.team : undefined);
    const team = known === undefined ? undefined : teamOf(known);
    if (team) return { team };
    return { awaiting: event?.bracket?.awaiting?.[side] ?? ('awaiting' in planned ? planned.awaiting : 'To be decided') };
  };
  const shapeMatch = (bracket: Bracket, match: BracketMatch): ShapeMatch => {
    if (isByeMatch(match)) {
      const through = 'bye' in match.away ? match.home : match.away;
      const home = slotOf(bracket, undefined, 'home', through);
      return { key: match.id, eventId: null, time: null, home, away: { bye: true }, winnerTeamId: 'team' in home ? home.team._id : null, isBetActive: false };
    }
    const event = byKey.get(match.id);
    return {
      key: match.id,
      eventId: event?.id ?? null,
      time: event?.time ?? null,
      ...(event?.venue && { venue: event.venue }),
      home: slotOf(bracket, event, 'home', match.home),
      away: slotOf(bracket, event, 'away', match.away),
      winnerTeamId: (!event?.isVoid && event?.winnerTeamId) || null,
      ...(event?.isVoid && { isVoid: true as const }),
      ...(event && scoringOf(event)),
      isBetActive: event !== undefined && events.hasBothTeams(event) && isBettingOpen(event, now),
    };
  };

  const finalKey = bracket?.rounds.at(-1)?.matches[0]?.id;
  const final = finalKey === undefined ? undefined : byKey.get(finalKey);
  const leagueDone = format?.kind === 'league' && current.length > 0 && current.every(isEventFinished);
  const leader = leagueDone ? tables[0]?.rows.filter((row) => row.rank === 1) : undefined;
  const champion = final?.winnerTeamId && !final.isVoid ? (teamOf(final.winnerTeamId) ?? null) : leader?.length === 1 ? leader[0].team : null;

  const upcoming = current.filter(events.hasBothTeams).filter((event) => !isEventFinished(event));
  const next = upcoming.find((event) => Date.parse(event.time) > now.getTime()) ?? upcoming.at(0);
  const nextTeams = next && ([teamOf(next.teamIds[0]), teamOf(next.teamIds[1])] as const);
  return {
    tournamentId,
    format,
    stage: stageOf(current),
    next: next && nextTeams?.[0] && nextTeams[1] ? { eventId: next.id, time: next.time, teams: [nextTeams[0], nextTeams[1]], ...(next.stage && { stage: next.stage }) } : null,
    champion,
    tieBreak: tieBreakText(points, sportRules(tournament.sport).scoreUnit),
    sport: sportRules(tournament.sport).sport,
    points,
    standings: tables,
    bracket: bracket ? { rounds: bracket.rounds.map((round) => ({ round: round.round, name: round.name, matches: round.matches.map((match) => shapeMatch(bracket, match)) })) } : null,
    seeds: (plan?.seededTeamIds ?? []).flatMap((id) => teamOf(id) ?? []),
  };
}
