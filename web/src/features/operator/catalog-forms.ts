// What the console's catalogue forms turn their text fields into, before the server validates them.

/** Member names typed one per comma (or line): blanks dropped, spaces trimmed. */
export const parseMembers = (text: string) =>
  text
    .split(/[,\n]/)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => ({ name }));

export const membersText = (members: readonly { name: string }[]) => members.map((member) => member.name).join(', ');

/** A rank field: empty means no rank; anything else goes to the server as a number (it checks the rules). */
export const parseRank = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * The schedule form as it first shows, and again after every match it schedules: no teams, no time, and
 * 'Open betting now' ticked (a new match takes bets unless the organiser unticks it). Nothing of one
 * submit is kept for the next.
 */
export const emptySchedule = { homeId: '', awayId: '', start: '', openNow: true };
export type ScheduleDraft = typeof emptySchedule;

/** A match's edit dialog: its teams, start (the device's wall clock, as the time field shows it) and venue. */
export interface MatchDraft {
  homeId: string;
  awayId: string;
  start: string;
  venue: string;
}

interface EditedMatch {
  time: string;
  teams: readonly { _id: string }[];
  venue?: string;
}

/** A match dialog's draft before its match is read. */
export const emptyMatchDraft: MatchDraft = { homeId: '', awayId: '', start: '', venue: '' };

export const matchDraft = (match: EditedMatch, start: string): MatchDraft => ({ homeId: match.teams[0]?._id ?? '', awayId: match.teams[1]?._id ?? '', start, venue: match.venue ?? '' });

/**
 * What the edit changes, for PATCH /admin/events/{id}: only the fields that differ from the match as the
 * dialog first showed it (`saved`: a start to the minute, so seconds never count as a change; teams sent as
 * a pair, a cleared venue as ''); null when nothing does. `time` is the draft's start as an ISO time (or as
 * typed, for the server to refuse with its message).
 */
export function matchPatch(saved: MatchDraft, draft: MatchDraft, time: string): { teamIds?: [string, string]; time?: string; venue?: string } | null {
  const teamsChanged = draft.homeId !== saved.homeId || draft.awayId !== saved.awayId;
  const venue = draft.venue.trim();
  const patch = {
    ...(teamsChanged && { teamIds: [draft.homeId, draft.awayId] as [string, string] }),
    ...(draft.start !== saved.start && { time }),
    ...(venue !== saved.venue.trim() && { venue }),
  };
  return Object.keys(patch).length > 0 ? patch : null;
}
