// What the tournament's shape says in words: its stage and what is next, on home's cards
// ('Matchday 3 · next Sat 18:00') and on its page ('Semi-finals · next: Hostel A vs Hostel B, Sat 18:00'),
// and the scores beside a bracket match's sides.
import type { ShapeMatch, ShapeSlot, Team, TournamentFormat, TournamentShape } from '#shared/api.ts';
import { formatTime } from '#shared/format.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the instant's day in the device's zone. */
const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * A match's time, short, in the device's zone: 'Today 18:00', 'Tomorrow 18:00', 'Sat 18:00' within the
 * week ahead, else '12 Oct 18:00'.
 */
export function shortWhen(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const time = formatTime(date);
  const days = Math.round((dayStart(date) - dayStart(new Date(now))) / DAY_MS);
  if (days === 0) return `Today ${time}`;
  if (days === 1) return `Tomorrow ${time}`;
  if (days > 1 && days < 7) return `${WEEKDAYS[date.getDay()]} ${time}`;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${time}`;
}

/** Home's card: the stage and when the next match is ('Matchday 3 · next Sat 18:00', 'Final', 'Finished'); null without a stage. */
export function stageSummary(stage: string | null | undefined, nextTime: string | null, now = Date.now(), formatKind?: TournamentFormat['kind']): string | null {
  if (!stage) return null;
  const where = formatKind ? `${FORMAT_NAMES[formatKind]} · ${stage}` : stage;
  return nextTime ? `${where} · next ${shortWhen(nextTime, now)}` : where;
}

/** A format as a home card names it before its stage: 'Knockout · Quarter-finals'. */
const FORMAT_NAMES: Record<TournamentFormat['kind'], string> = { league: 'League', knockout: 'Knockout', 'groups-knockout': 'Groups and knockout' };

/** What the shape's stage says once every match of a tournament is decided. */
export const FINISHED_STAGE = 'Finished';

/** A finished tournament's line on its page, with its champion when it has one: 'Finished · Champion: Ganga Hostel'. */
export const finishedLine = (champion: Team | null) => (champion ? `${FINISHED_STAGE} · Champion: ${champion.teamName}` : FINISHED_STAGE);

/** The tournament page: the stage, then the next match with its teams, or who won it all. */
export function stageLine(shape: Pick<TournamentShape, 'stage' | 'next' | 'champion'>, now = Date.now()): string | null {
  if (!shape.stage) return null;
  if (shape.next) {
    const [home, away] = shape.next.teams;
    return `${shape.stage} · next: ${home.teamName} vs ${away.teamName}, ${shortWhen(shape.next.time, now)}`;
  }
  return shape.champion ? `${shape.stage} · Champion: ${shape.champion.teamName}` : shape.stage;
}

export const slotTeam = (slot: ShapeSlot): Team | null => ('team' in slot ? slot.team : null);

/** A side's words: the team's name, what it waits for, or 'Bye'. */
export const slotText = (slot: ShapeSlot) => ('team' in slot ? slot.team.teamName : 'awaiting' in slot ? slot.awaiting : 'Bye');

/**
 * What a bracket match still waiting for its teams waits for, by the matches that feed it: 'Semi-finals
 * waits for the winners of Kaveri v Sutlej and Yamuna v Godavari; due Sat 18:00'. Undefined for a match
 * whose teams are known.
 */
export function waitingText(shape: TournamentShape, eventId: string, now = Date.now()): string | undefined {
  const rounds = shape.bracket?.rounds ?? [];
  const all = rounds.flatMap((round) => round.matches.map((match) => ({ match, round: round.name })));
  const found = all.find(({ match }) => match.eventId === eventId);
  if (!found) return undefined;
  const waits = [found.match.home, found.match.away].flatMap((slot) => ('awaiting' in slot ? [slot.awaiting] : []));
  if (waits.length === 0) return undefined;
  const feederOf = (awaiting: string) => {
    const key = /^Winner of (\S+)$/.exec(awaiting)?.[1];
    const feeder = key && all.find(({ match }) => match.key === key)?.match;
    const teams = feeder ? [feeder.home, feeder.away].flatMap((slot) => ('team' in slot ? [slot.team.teamName] : [])) : [];
    return teams.length === 2 ? `the winner of ${teams.join(' v ')}` : awaiting.replace(/^Winner/, 'the winner');
  };
  const due = found.match.time ? `; due ${shortWhen(found.match.time, now)}` : '';
  return `${found.round} waits for ${waits.map(feederOf).join(' and ')}${due}`;
}

/**
 * What each side of a bracket match shows beside its name: its score once decided, or live while played;
 * 'w/o' beside the winner of a walkover (not played, whatever score it was recorded with); '' for none.
 */
export function sideScores(match: Pick<ShapeMatch, 'home' | 'winnerTeamId' | 'isVoid' | 'result' | 'liveScore'>): Record<'home' | 'away', string> {
  const { result } = match;
  if (result?.kind === 'walkover') {
    const homeWon = slotTeam(match.home)?._id === match.winnerTeamId;
    return { home: homeWon ? 'w/o' : '', away: homeWon ? '' : 'w/o' };
  }
  const score = result || match.winnerTeamId || match.isVoid ? result?.score : match.liveScore;
  return score ? { home: String(score.home), away: String(score.away) } : { home: '', away: '' };
}

/** A table's difference as tables write it: '+3', '0', '−2' (a minus sign, as wide as the plus). */
export const signedDifference = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
