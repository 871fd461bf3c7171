// Scorer links (docs/architecture.md, "Scorer links"): an organiser makes a link for one match, or for a
// court and/or a day of their tournament, and shares it; a referee opens it with no account and keeps
// the live score, then ends the match. The link is a bearer secret: it reaches only its matches (never
// money, never another tournament), it can be revoked and it expires, each request is counted against a
// minute's budget, and it travels in a header (paths are logged, headers are not). A referee's result is
// provisional: it closes betting and shows as pending until an organiser confirms it, or until the
// tournament's minutes pass undisputed (settlement/provisional-results.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import type { ScorerLink, ScorerMatch, ScorerScope, ScorerView } from '#shared/api.ts';
import {
  CONFIRM_AFTER_MINUTES_DEFAULT,
  SCORER_LINK_HOURS_DEFAULT,
  SCORER_LINKS_PER_TOURNAMENT,
  SCORER_REQUESTS_PER_MINUTE,
} from '#shared/constants.ts';
import { type EventOutcome, sameResult, type Score } from '#shared/match-results.ts';
import type { CreateScorerLinkInput } from '#shared/schemas.ts';
import { sportRules } from '#shared/sports.ts';
import * as events from '#functions/data/events.ts';
import { eventAuditItem } from '#functions/data/event-audit.ts';
import * as links from '#functions/data/scorer-links.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { transactWrite } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { scheduleOnce } from '#functions/platform/schedules.ts';
import { isEventFinished } from '#functions/betting/betting-rules.ts';
import { provisionalOf, scoringOf } from '#functions/betting/match-scoring.ts';
import { publicTeam } from './listings.ts';
import { type Actor, authoriseTournament } from './organisers.ts';
import { describeOutcome, fitOutcome } from './result-rules.ts';

const HOUR_MS = 3_600_000;
/** shared/routes.ts scheduleTargets: the ConfirmResult target's schedules. */
const CONFIRM_SCHEDULE_PREFIX = 'confirm-';

/** The page a link opens: its secret after the #, which a browser never sends to a server. */
const linkUrl = (token: string) => `${process.env.APP_ORIGIN ?? ''}/score#${token}`;

const publicLink = (link: links.ScorerLinkRecord): ScorerLink => ({
  id: link.id,
  name: link.name,
  url: linkUrl(link.token),
  scope: link.scope,
  createdAt: link.createdAt,
  expiresAt: link.expiresAt,
  ...(link.revokedAt && { revokedAt: link.revokedAt }),
});

/** How the audit trail names what a link's bearer did. */
export const scorerActor = (link: Pick<links.ScorerLinkRecord, 'id' | 'name'>) => ({ actorId: `scorer-link:${link.id}`, actorName: `Scorer link: ${link.name}` });

/** POST /admin/tournaments/{id}/scorer-links: a new link; its matches, when named, must be the tournament's. */
export async function createScorerLink(tournamentId: string, input: CreateScorerLinkInput, actor: Actor, now = new Date()): Promise<ScorerLink> {
  await authoriseTournament(actor, tournamentId);
  if (!(await tournaments.getTournament(tournamentId))) throw new DomainError('tournament-not-found');
  if (input.eventIds) {
    const found = await events.getEvents([...new Set(input.eventIds)]);
    if (input.eventIds.some((id) => found.get(id)?.tournamentId !== tournamentId)) throw new DomainError('scorer-match-not-in-tournament');
  }
  const existing = await links.listScorerLinks(tournamentId);
  if (existing.length >= SCORER_LINKS_PER_TOURNAMENT) throw new DomainError('scorer-links-too-many');
  const scope: ScorerScope = input.eventIds ? { eventIds: [...new Set(input.eventIds)] } : { ...(input.venue && { venue: input.venue }), ...(input.day && { day: input.day }) };
  const link: links.ScorerLinkRecord = {
    id: randomUUID(),
    token: randomBytes(32).toString('base64url'),
    tournamentId,
    name: input.name,
    scope,
    createdAt: now.toISOString(),
    createdBy: actor.userId,
    expiresAt: new Date(now.getTime() + (input.validHours ?? SCORER_LINK_HOURS_DEFAULT) * HOUR_MS).toISOString(),
  };
  await links.putScorerLink(link);
  return publicLink(link);
}

/** GET /admin/tournaments/{id}/scorer-links: its links, newest first, revoked and expired ones included. */
export async function listScorerLinks(tournamentId: string, actor: Actor): Promise<ScorerLink[]> {
  await authoriseTournament(actor, tournamentId);
  return (await links.listScorerLinks(tournamentId)).map(publicLink);
}

/** DELETE /admin/tournaments/{id}/scorer-links/{linkId}: the link stops working at once. */
export async function revokeScorerLink(tournamentId: string, linkId: string, actor: Actor, now = new Date()): Promise<ScorerLink> {
  await authoriseTournament(actor, tournamentId);
  const link = (await links.listScorerLinks(tournamentId)).find((candidate) => candidate.id === linkId);
  if (!link) throw new DomainError('scorer-link-not-found');
  const revokedAt = link.revokedAt ?? now.toISOString();
  await links.revokeScorerLink(link, revokedAt);
  return publicLink({ ...link, revokedAt });
}

/**
 * The link a request's secret opens, counted against its minute's budget: refused alike ('scorer-link-invalid')
 * when there is no such link, it was revoked or it expired, so a guess learns nothing.
 */
async function openLink(token: string | undefined, now: Date): Promise<links.ScorerLinkRecord> {
  if (!token || token.length > 100) throw new DomainError('scorer-link-invalid');
  const link = await links.getScorerLinkByToken(token);
  if (!link || link.revokedAt || link.expiresAt <= now.toISOString()) throw new DomainError('scorer-link-invalid');
  if (!(await links.takeScorerRequest(token, SCORER_REQUESTS_PER_MINUTE, now))) throw new DomainError('scorer-too-fast');
  return link;
}

/** Whether the link reaches the event: its tournament's, and one of its matches, or at its court and on its day. */
export function linkReaches(link: Pick<links.ScorerLinkRecord, 'tournamentId' | 'scope'>, event: Pick<events.EventRecord, 'id' | 'tournamentId' | 'venue' | 'time' | 'replacedBy'>): boolean {
  if (event.tournamentId !== link.tournamentId || event.replacedBy) return false;
  const { eventIds, venue, day } = link.scope;
  if (eventIds) return eventIds.includes(event.id);
  return (venue === undefined || event.venue === venue) && (day === undefined || event.time.slice(0, 10) === day);
}

/** The event, if the link reaches it (the same refusal for one that does not exist). */
async function reachedEvent(link: links.ScorerLinkRecord, eventId: string): Promise<events.EventRecord> {
  const event = await events.getEvent(eventId, true);
  if (!event || !linkReaches(link, event)) throw new DomainError('scorer-match-not-in-link');
  return event;
}

async function scorerMatches(link: links.ScorerLinkRecord, list: events.EventRecord[]): Promise<ScorerMatch[]> {
  const tournament = await tournaments.getTournament(link.tournamentId);
  const drawable = sportRules(tournament?.sport).drawable;
  const named = await teams.getTeams(list.flatMap((event) => event.teamIds));
  return list.filter(events.hasBothTeams).flatMap((event) => {
    const [home, away] = event.teamIds.map((id) => named.get(id));
    if (!home || !away) return [];
    const scoring = scoringOf(event);
    const provisional = provisionalOf(event);
    return [
      {
        _id: event.id,
        time: event.time,
        ...(event.venue && { venue: event.venue }),
        ...(event.stage && { stage: event.stage }),
        ...(event.bracket && { matchKey: event.bracket.key }),
        teams: [publicTeam(home), publicTeam(away)],
        ...(scoring.liveScore && { liveScore: scoring.liveScore }),
        ...(provisional && { provisional }),
        ...(scoring.result && { result: scoring.result, winnerTeamId: event.winnerTeamId ?? null }),
        drawAllowed: drawable && !event.bracket,
      },
    ];
  });
}

/** GET /scorer/matches: the link's name and tournament, and the matches it reaches, soonest first. */
export async function scorerView(token: string | undefined, now = new Date()): Promise<ScorerView> {
  const link = await openLink(token, now);
  const [tournament, list] = await Promise.all([tournaments.getTournament(link.tournamentId), events.listTournamentEvents(link.tournamentId)]);
  return {
    linkName: link.name,
    tournamentTitle: tournament?.title ?? '',
    sport: sportRules(tournament?.sport).sport,
    expiresAt: link.expiresAt,
    matches: await scorerMatches(link, list.filter((event) => linkReaches(link, event))),
  };
}

/** The match as the referee's page shows it, read again after a change. */
async function scorerMatch(link: links.ScorerLinkRecord, eventId: string): Promise<ScorerMatch> {
  const [match] = await scorerMatches(link, [await reachedEvent(link, eventId)]);
  return match;
}

/**
 * POST /scorer/matches/{id}/score: the live score after a tap made at `takenAt` (the first closes betting).
 * A tap older than the score's own (a replay, a queued tap arriving late) changes nothing and answers the
 * match as it is.
 */
export async function scorerLiveScore(token: string | undefined, eventId: string, score: Score, tappedAt: number, now = new Date()): Promise<ScorerMatch> {
  const link = await openLink(token, now);
  // A phone's clock ahead of ours would freeze the score until it caught up: no tap counts as later than now.
  const takenAt = Math.min(tappedAt, now.getTime());
  for (let attempt = 0; attempt < 4; attempt++) {
    const event = await reachedEvent(link, eventId);
    if (isEventFinished(event)) throw new DomainError('live-score-decided');
    if (event.provisional) throw new DomainError('result-pending');
    if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
    if (event.liveScoreTakenAt !== undefined && event.liveScoreTakenAt >= takenAt) return scorerMatch(link, eventId);
    if (await events.setLiveScore(event, score, now.toISOString(), takenAt)) return scorerMatch(link, eventId);
  }
  throw new DomainError('event-changed');
}

/**
 * POST /scorer/matches/{id}/end: the referee's result. It closes betting and stands as 'Result pending'
 * until an organiser confirms it, or the tournament's minutes pass with no dispute (a schedule then
 * confirms it). Sent again before that, it replaces the first; once disputed, the organisers decide.
 */
export async function scorerEnd(token: string | undefined, eventId: string, given: EventOutcome, tappedAt: number, now = new Date()): Promise<ScorerMatch> {
  const link = await openLink(token, now);
  const takenAt = Math.min(tappedAt, now.getTime());
  for (let attempt = 0; attempt < 4; attempt++) {
    const event = await reachedEvent(link, eventId);
    if (isEventFinished(event)) throw new DomainError('live-score-decided');
    if (event.provisional?.disputed) throw new DomainError('result-disputed');
    if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
    const outcome = await fitOutcome(event, given);
    // The same result again (a queued tap sent twice): it stands as sent, its minutes running on.
    if (event.provisional && sameResult(event.provisional.outcome, outcome)) return scorerMatch(link, eventId);
    const tournament = await tournaments.getTournament(event.tournamentId);
    const minutes = tournament?.confirmAfterMinutes ?? CONFIRM_AFTER_MINUTES_DEFAULT;
    const provisional: events.ProvisionalRecord = {
      outcome,
      by: scorerActor(link).actorName,
      linkId: link.id,
      at: now.toISOString(),
      confirmsAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
    };
    const takenAfter = Math.max(takenAt, (event.liveScoreTakenAt ?? 0) + 1);
    if (!(await events.setLiveScore(event, outcome.score ?? event.liveScore ?? { home: 0, away: 0 }, provisional.at, takenAfter, provisional))) continue;
    await transactWrite([eventAuditItem({ eventId, action: 'result-sent', ...scorerActor(link), at: provisional.at, detail: await describeOutcome(event, outcome) })]);
    await scheduleOnce(`${CONFIRM_SCHEDULE_PREFIX}${eventId}`, new Date(provisional.confirmsAt), 'CONFIRM_RESULT_TARGET_ARN', { eventId, at: provisional.at });
    return scorerMatch(link, eventId);
  }
  throw new DomainError('event-changed');
}
