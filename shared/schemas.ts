// zod schemas of every request payload, with the spec's messages. The functions validate with these;
// the web forms may reuse them so the browser and the server agree on the rules.
import * as z from 'zod';
import {
  BET_WAYS,
  CREDIT_MAX_COINS,
  CREDIT_MAX_RUPEES,
  LEDGER_PAGE_MAX,
  LEDGER_PAGE_SIZE,
  MEMBER_NAME_MAX_LENGTH,
  NOTIFICATION_FILTERS,
  OTP_LENGTH,
  PAISE_PER_RUPEE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PREVIEW_IMG_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  TEAM_MAX_MEMBERS,
  TEAM_NAME_MAX_LENGTH,
  TOURNAMENT_TITLE_MAX_LENGTH,
  UPI_ID_PATTERN,
  USER_SEARCH_MAX_LENGTH,
  WITHDRAW_MIN_RUPEES,
  WITHDRAWAL_STATUSES,
  INVITE_CODE_PATTERN,
  TOURNAMENT_HOSTELS_MAX,
  BULK_FIXTURES_MAX,
  BULK_TEAMS_MAX,
  CONFIRM_AFTER_MINUTES_MAX,
  FORMAT_TEAMS_MAX,
  GROUP_PICKS_EVENTS_MAX,
  SCORER_LINK_HOURS_MAX,
  SCORER_LINK_MATCHES_MAX,
  SCORER_LINK_NAME_MAX_LENGTH,
  VENUE_MAX_LENGTH,
} from './constants.ts';
import { MATCH_KEY_PATTERN } from './format-plan.ts';
import { type EventOutcome, RESULT_NOTE_MAX_LENGTH, SCORE_MAX } from './match-results.ts';
import { pointsRuleProblem, SPORTS } from './sports.ts';
import { MSG } from './messages.ts';
import { groupNameProblem, userNameProblem } from './account-rules.ts';
import { isVisibleText, nameKey, storedName } from './names.ts';

/**
 * Control characters (C0, DEL, C1: NUL, ESC, newlines...) and bidirectional overrides/isolates in a
 * name or label shown to others are never legitimate: they are invisible, break logs and CSV exports,
 * and can disguise a name on screen (U+202E). Passwords are not checked: any character is theirs.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** No control or bidirectional-override characters: what every stored name must be (bulk entry checks it too). */
export const isPlainText = (s: string) => !CONTROL_OR_BIDI.test(s);

/**
 * A name the app stores and shows (shared/names.ts): composed (NFC) and trimmed, then at most `max`
 * characters of plain text of which something can be seen.
 */
const visibleNameField = ({ required, tooLong, notVisible, max }: { required: string; tooLong: string; notVisible: string; max: number }) =>
  z
    .string({ error: required })
    .transform(storedName)
    .pipe(z.string().min(1, required).max(max, tooLong).refine(isPlainText, MSG.textInvalidCharacters).refine(isVisibleText, notVisible));

/** A required string: missing, non-string or blank input all answer `requiredMessage`. */
const requiredString = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).refine((s) => s.trim().length > 0, requiredMessage);

const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .pipe(z.email(MSG.invalidEmail));

/** A name other players see: the rules of shared/account-rules.ts, which the web forms apply too. */
const userNameField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .transform(storedName)
    .pipe(z.string().min(1, requiredMessage))
    .superRefine((userName, ctx) => {
      const problem = userNameProblem(userName);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/**
 * Any password, new or presented: at most PASSWORD_MAX_LENGTH characters, counted here before the
 * password is NFKC-normalised or hashed (functions/identity/passwords.ts), so a huge one costs nothing.
 */
const passwordField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

/** New passwords: not trimmed (spaces are characters), at least PASSWORD_MIN_LENGTH. */
const newPasswordField = (requiredMessage: string) => passwordField(requiredMessage).min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort);

/** The password of a login or a change: any non-blank text up to the cap. */
const presentedPasswordField = (requiredMessage: string) =>
  passwordField(requiredMessage).refine((s) => s.trim().length > 0, requiredMessage);

/** OTP digits; the web app may send them as a number, so leading zeros are restored. */
const otpField = (invalidMessage: string) =>
  z
    .union([z.string(), z.number()], { error: invalidMessage })
    .transform((value) => (typeof value === 'number' ? String(value).padStart(OTP_LENGTH, '0') : value.trim()))
    .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), invalidMessage));

/** A group's invite code as made (22 base64url characters; anything else cannot name a group): POST /group/join, a registration from /join/{code}, the invite's preview. */
const inviteCodeField = z.string({ error: MSG.inviteInvalid }).trim().regex(INVITE_CODE_PATTERN, MSG.inviteInvalid);

export const registerSchema = z.object({
  userName: userNameField(MSG.allFieldsRequired),
  email: emailField(MSG.allFieldsRequired),
  password: newPasswordField(MSG.allFieldsRequired),
  /** The group invite the visitor signed up from (/join/{code}): joined at the account's first sign-in, in any browser. */
  inviteCode: inviteCodeField.optional(),
});

export const loginSchema = z.object({
  email: emailField(MSG.emailPasswordRequired),
  password: presentedPasswordField(MSG.emailPasswordRequired),
});

/** create-email-verification body and check-otp-creation query. */
export const emailSchema = z.object({ email: emailField(MSG.emailRequired) });

export const createOtpSchema = z.object({
  email: emailField(MSG.emailRequired),
  // Accepted for the spec's payload; the mail uses the server's own subject so it cannot be spoofed.
  subject: z.string().optional(),
  type: z.literal('reset-password', { error: MSG.invalidRequest }),
});

export const checkOtpSchema = z.object({
  email: emailField(MSG.emailRequired),
  otpCode: otpField(MSG.otpNotValid),
});

export const resetPasswordSchema = z.object({
  email: emailField(MSG.emailRequired),
  otpCode: otpField(MSG.invalidOtp),
  password: newPasswordField(MSG.passwordRequired),
});

export const verifyEmailQuerySchema = z.object({
  token: requiredString(MSG.invalidRequest),
  otpCode: requiredString(MSG.invalidRequest),
});

export const updateUserSchema = z.object({ userName: userNameField(MSG.userNameTooShort) });

export const updatePasswordSchema = z.object({
  currentPassword: presentedPasswordField(MSG.passwordRequired),
  newPassword: newPasswordField(MSG.passwordRequired),
});

export const userIdParamsSchema = z.object({ userId: z.uuid({ error: MSG.invalidId }) });

/** WebSocket `join` message. */
export const wsJoinSchema = z.object({ action: z.literal('join'), userId: z.string() });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

// Game, betting and wallet calls.

const idField = z.uuid({ error: MSG.invalidId });

/** Rupees as the whole paise the server stores (shared/money.ts rounds the same way). */
const paiseOf = (rupees: number) => Math.round(rupees * PAISE_PER_RUPEE);

/** Rupees that are a whole number of paise (10.5 and 10.25, not 10.255); tolerates binary fractions. */
const hasWholePaise = (rupees: number) => Math.abs(rupees * PAISE_PER_RUPEE - paiseOf(rupees)) < 1e-6;

/** The upcoming-events page cursor: the last event shown, as `<ISO start time>_<event id>` (upcomingEventCursor, shared/cursors.ts). */
const eventCursorField = z.string({ error: MSG.invalidRequest }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z_[0-9a-f-]{36}$/i, { error: MSG.invalidRequest });

/**
 * GET /game/event-list: a tournament's events, or with no tournament the upcoming matches of every
 * tournament, soonest first, a page at a time (`after` the last one shown).
 */
export const eventListQuerySchema = z.object({ tournamentId: idField.optional(), after: eventCursorField.optional() });

/** Path `{id}` of get-bet and the operator's PATCH calls. */
export const idParamsSchema = z.object({ id: idField });

/** Path of GET /admin/tournaments/{id}/export/{exportId}. */
export const exportParamsSchema = z.object({ id: idField, exportId: idField });

/** WebSocket `watch` message: live updates of a tournament's events (anyone may watch). */
export const wsWatchSchema = z.object({ action: z.literal('watch'), tournamentId: idField });

/** GET /bet/get-betlist: whose bets (the caller's when absent). */
export const betListQuerySchema = z.object({ userId: idField.optional() });

/** POST /bet/create-new. The amount's rules depend on the betting mode, so the domain checks them. */
export const createBetSchema = z.object({
  teamId: idField,
  eventId: idField,
  betWay: z.enum(BET_WAYS, { error: MSG.betWayInvalid }),
  amount: z.number({ error: MSG.betAmountNotNumber }),
});

/** POST /bet/create-transaction */
export const betTransactionSchema = z.object({
  betId: idField,
  isPaid: z.literal(true, { error: MSG.isPaidRequired }),
});

/**
 * More rupees than any wallet can hold: in paise it would no longer be a safe integer, which DynamoDB's
 * marshalling refuses (a 500 before this bound). Answered like any amount over the balance.
 */
const MAX_SAFE_RUPEES = Math.floor(Number.MAX_SAFE_INTEGER / PAISE_PER_RUPEE);

/** POST /wallet/create-withdraw: rupees with at most 2 decimals (paise), and a UPI id. */
export const withdrawSchema = z.object({
  amount: z
    .number({ error: MSG.withdrawAmountNotNumber })
    .min(WITHDRAW_MIN_RUPEES, MSG.minWithdraw)
    .max(MAX_SAFE_RUPEES, MSG.notEnoughWallet)
    .refine(hasWholePaise, MSG.withdrawAmountPrecision),
  upiId: z.string({ error: MSG.invalidUpi }).trim().regex(UPI_ID_PATTERN, MSG.invalidUpi),
});

// The operator's catalogue calls (/admin/...).

const titleField = visibleNameField({ required: MSG.titleRequired, tooLong: MSG.titleTooLong, notVisible: MSG.titleNotVisible, max: TOURNAMENT_TITLE_MAX_LENGTH });
/** Stands for the app's origin: every http(s) origin resolves a path the same way. */
const APP_ORIGIN_STAND_IN = 'https://app.invalid';

/**
 * A tournament image, read the way a browser will read it (the WHATWG URL parser): an absolute https
 * URL with no user name or password, or a path that stays on the app's origin (`/demo/cricket.svg`);
 * `//host/x`, `/\host/x` or `\\host` resolve to another host and are refused, as are `javascript:`,
 * `data:` and `http:`. Kept in the parser's normal form, so what is stored is what a browser loads.
 */
function imageAddress(value: string): string | undefined {
  if (URL.canParse(value)) {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : undefined;
  }
  if (!value.startsWith('/')) return undefined;
  const url = new URL(value, APP_ORIGIN_STAND_IN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normal form must still name the same place: `/.//evil.com` normalises to `//evil.com`, another host.
  return url.origin === APP_ORIGIN_STAND_IN && new URL(path, APP_ORIGIN_STAND_IN).href === url.href ? path : undefined;
}
const previewImgField = z
  .string({ error: MSG.previewImgInvalid })
  .trim()
  .max(PREVIEW_IMG_MAX_LENGTH, MSG.previewImgInvalid)
  .transform((value, ctx) => {
    const address = imageAddress(value);
    if (address === undefined) ctx.addIssue({ code: 'custom', message: MSG.previewImgInvalid });
    return address ?? z.NEVER;
  });
const teamNameField = visibleNameField({ required: MSG.teamNameRequired, tooLong: MSG.teamNameTooLong, notVisible: MSG.teamNameNotVisible, max: TEAM_NAME_MAX_LENGTH });
const teamRankField = z.number({ error: MSG.teamRankInvalid }).int(MSG.teamRankInvalid).min(1, MSG.teamRankInvalid);
const memberNameField = visibleNameField({ required: MSG.memberNameRequired, tooLong: MSG.memberNameRequired, notVisible: MSG.memberNameNotVisible, max: MEMBER_NAME_MAX_LENGTH });
const membersField = z
  .array(z.object({ name: memberNameField }, { error: MSG.memberNameRequired }), { error: MSG.membersInvalid })
  .max(TEAM_MAX_MEMBERS, MSG.membersInvalid);
/** ISO 8601 with a zone (Z or an offset), stored as UTC. */
const eventTimeField = z.iso.datetime({ offset: true, error: MSG.eventTimeInvalid }).transform((time) => new Date(time).toISOString());

/** A PATCH body must change something. */
const somethingToUpdate = (patch: object) => Object.values(patch).some((value) => value !== undefined);

const pointsSideField = z.number({ error: MSG.pointsInvalid }).int(MSG.pointsInvalid);
/** Points for a win, a draw and a loss (shared/sports.ts pointsRuleProblem). */
const pointsField = z
  .strictObject({ win: pointsSideField, draw: pointsSideField, loss: pointsSideField }, { error: MSG.pointsInvalid })
  .refine((points) => pointsRuleProblem(points) === undefined, MSG.pointsInvalid);
export const createTournamentSchema = z.object({
  title: titleField,
  previewImg: previewImgField.optional(),
  /** Names the score and says whether a match may be drawn (shared/sports.ts); 'other' when not given. */
  sport: z.enum(SPORTS, { error: MSG.sportInvalid }).optional(),
  /** The table's points; the sport's usual ones when not given. */
  points: pointsField.optional(),
  /** Minutes a referee's result waits for a dispute before it stands (CONFIRM_AFTER_MINUTES_DEFAULT when not given). */
  confirmAfterMinutes: z
    .number({ error: MSG.confirmAfterInvalid })
    .int(MSG.confirmAfterInvalid)
    .min(1, MSG.confirmAfterInvalid)
    .max(CONFIRM_AFTER_MINUTES_MAX, MSG.confirmAfterInvalid)
    .optional(),
});
export const updateTournamentSchema = createTournamentSchema.partial().refine(somethingToUpdate, MSG.nothingToUpdate);

const teamFields = z.object({ teamName: teamNameField, teamRank: teamRankField.optional(), members: membersField });
/** An organiser's team names its tournament (they may edit it later); an operator's may be shared. */
export const createTeamSchema = teamFields.extend({ tournamentId: idField.optional() });
export const updateTeamSchema = teamFields.partial().refine(somethingToUpdate, MSG.nothingToUpdate);

/** Home, then away: two different teams. */
const teamPairField = z.tuple([idField, idField], { error: MSG.teamIdsInvalid }).refine(([a, b]) => a !== b, MSG.teamIdsInvalid);
/** Where a match is played: plain text; blank is none. */
const venueField = z
  .string({ error: MSG.venueTooLong })
  .transform(storedName)
  .pipe(z.string().max(VENUE_MAX_LENGTH, MSG.venueTooLong).refine(isPlainText, MSG.textInvalidCharacters).refine((venue) => venue === '' || isVisibleText(venue), MSG.venueNotVisible));

export const createEventSchema = z.object({
  tournamentId: idField,
  time: eventTimeField,
  teamIds: teamPairField,
  /** Where it is played (a court); blank is none. */
  venue: venueField.optional(),
});
/**
 * PATCH /admin/events/{id}: the switch, the start time, the teams (until the first bet) and the venue
 * ('' removes it) of an undecided match.
 */
export const updateEventSchema = z
  .object({
    isBetActive: z.boolean({ error: MSG.isBetActiveInvalid }).optional(),
    time: eventTimeField.optional(),
    teamIds: teamPairField.optional(),
    venue: venueField.optional(),
  })
  .refine(somethingToUpdate, MSG.nothingToUpdate);

/** POST /admin/events/{id}/postpone: the new start time, and the venue when it moves too. */
export const postponeEventSchema = z.object({ time: eventTimeField, venue: venueField.optional() });
export type PostponeEventInput = z.infer<typeof postponeEventSchema>;

// Bulk entry: what a paste or a CSV upload sends once the console's preview (shared/bulk-entry.ts) has read it.

/**
 * A list of 1 to `max` items, each read by `item`. A refusal names the item by its place ('Team 3: …'),
 * so the organiser finds the line; so does an item with the same `repeatKey` as an earlier one.
 */
function numberedList<T extends z.ZodType>(
  item: T,
  { max, listMessage, itemName, repeatKey, repeated }: { max: number; listMessage: string; itemName: (n: number) => string; repeatKey: (item: z.output<T>) => string; repeated: (earlier: number) => string },
) {
  return z
    .array(z.unknown(), { error: listMessage })
    .min(1, listMessage)
    .max(max, listMessage)
    .transform((values, ctx) => {
      const parsed: z.output<T>[] = [];
      const firstWithKey = new Map<string, number>();
      const refuse = (index: number, message: string) => {
        ctx.addIssue({ code: 'custom', message: MSG.aboutItem(itemName(index + 1), message) });
        return z.NEVER;
      };
      for (const [index, value] of values.entries()) {
        const result = item.safeParse(value);
        if (!result.success) return refuse(index, result.error.issues[0]?.message ?? MSG.invalidRequest);
        const earlier = firstWithKey.get(repeatKey(result.data));
        if (earlier !== undefined) return refuse(index, repeated(earlier));
        firstWithKey.set(repeatKey(result.data), index + 1);
        parsed.push(result.data);
      }
      return parsed;
    });
}

/** POST /admin/tournaments/{id}/teams/bulk: teams with their members' names, each name once. */
export const bulkTeamsSchema = z.object({
  teams: numberedList(
    z.object({ teamName: teamNameField, members: z.array(memberNameField, { error: MSG.membersInvalid }).max(TEAM_MAX_MEMBERS, MSG.membersInvalid) }),
    { max: BULK_TEAMS_MAX, listMessage: MSG.bulkTeamsInvalid, itemName: MSG.teamNumber, repeatKey: (team) => nameKey(team.teamName), repeated: MSG.bulkTeamRepeated },
  ),
});

const bulkFixtureField = z
  .object({ startsAt: eventTimeField, homeTeamId: idField, awayTeamId: idField, venue: venueField.optional() })
  .refine((fixture) => fixture.homeTeamId !== fixture.awayTeamId, MSG.teamIdsInvalid)
  // A blank venue is none.
  .transform(({ venue, ...fixture }) => ({ ...fixture, ...(venue && { venue }) }));

/**
 * POST /admin/tournaments/{id}/fixtures: matches between teams of the tournament, each once (the same
 * two teams at the same instant, whichever is at home, is one match); open for bets unless told not.
 */
export const bulkFixturesSchema = z.object({
  fixtures: numberedList(bulkFixtureField, {
    max: BULK_FIXTURES_MAX,
    listMessage: MSG.bulkFixturesInvalid,
    itemName: MSG.fixtureNumber,
    repeatKey: (fixture) => [fixture.startsAt, ...[fixture.homeTeamId, fixture.awayTeamId].sort()].join(' '),
    repeated: MSG.bulkFixtureRepeated,
  }),
  openBetting: z.boolean({ error: MSG.openBettingInvalid }).default(true),
});

/** The formats a tournament's fixtures are generated in (shared/fixture-generation.ts). */
const tournamentFormatField = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('league'), double: z.boolean({ error: MSG.formatInvalid }) }),
    z.object({ kind: z.literal('knockout') }),
    z.object({
      kind: z.literal('groups-knockout'),
      groups: z.number({ error: MSG.formatInvalid }).int(MSG.formatInvalid).min(1, MSG.formatInvalid).max(16, MSG.formatInvalid),
      advancePerGroup: z.number({ error: MSG.formatInvalid }).int(MSG.formatInvalid).min(1, MSG.formatInvalid).max(8, MSG.formatInvalid),
    }),
  ],
  { error: MSG.formatInvalid },
);

/**
 * POST /admin/tournaments/{id}/format: the format and the seeded teams (best first), from which the server
 * generates the matches again, and each match's start (and venue) by its key from the console's preview.
 */
export const publishFormatSchema = z.object({
  format: tournamentFormatField,
  seededTeamIds: z
    .array(idField, { error: MSG.formatTeamsInvalid })
    .min(2, MSG.formatTeamsInvalid)
    .max(FORMAT_TEAMS_MAX, MSG.formatTeamsInvalid)
    .refine((ids) => new Set(ids).size === ids.length, MSG.formatTeamsInvalid),
  schedule: z.record(
    z.string().regex(MATCH_KEY_PATTERN, MSG.formatScheduleInvalid),
    z.object({ startsAt: eventTimeField, venue: venueField.optional() }, { error: MSG.formatScheduleInvalid }),
    { error: MSG.formatScheduleInvalid },
  ),
  openBetting: z.boolean({ error: MSG.openBettingInvalid }).default(true),
});

// The operator's settlement, prize, withdrawal and user calls, and notifications.

/** Plain text of 1 to `max` characters; `tooLong` tells a long one apart where the field asks for it by name. */
const boundedText = (max: number, message: string, tooLong = message) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong).refine(isPlainText, MSG.textInvalidCharacters);

/** POST /admin/tournaments/{id}/organisers */
export const addOrganiserSchema = z.object({ email: emailField(MSG.emailRequired) });
/** PUT /admin/users/{id}/tournament-creator: whether the user may create tournaments. */
export const tournamentCreatorSchema = z.object({ allowed: z.boolean({ error: MSG.tournamentCreatorInvalid }) });
/** DELETE /admin/tournaments/{id}/organisers/{userId} */
export const organiserParamsSchema = z.object({ id: idField, userId: idField });

const scoreSideField = z.number({ error: MSG.scoreInvalid }).int(MSG.scoreInvalid).min(0, MSG.scoreInvalid).max(SCORE_MAX, MSG.scoreInvalid);
/** Home, then away. */
export const scoreField = z.strictObject({ home: scoreSideField, away: scoreSideField }, { error: MSG.scoreInvalid });

const eventResultNoteField = z.string({ error: MSG.resultNoteInvalid }).trim().max(RESULT_NOTE_MAX_LENGTH, MSG.resultNoteInvalid).refine(isPlainText, MSG.textInvalidCharacters);

/**
 * POST /admin/events/{id}/result (and its correction): one of a winner, a draw or a void, with a score,
 * a walkover (a winner's) or an abandoned match (a void's), and a note ('5–4 on penalties'). Whether it
 * fits the match's sport and stage is shared/match-results.ts resultProblem's, on the server.
 */
export const eventResultSchema = z
  .object({
    winnerTeamId: idField.optional(),
    draw: z.literal(true, { error: MSG.resultInvalid }).optional(),
    void: z.literal(true, { error: MSG.resultInvalid }).optional(),
    score: scoreField.optional(),
    walkover: z.literal(true, { error: MSG.walkoverNeedsWinner }).optional(),
    abandoned: z.literal(true, { error: MSG.resultInvalid }).optional(),
    note: eventResultNoteField.optional(),
  })
  .refine((body) => [body.winnerTeamId, body.draw, body.void].filter((given) => given !== undefined).length === 1, MSG.resultInvalid)
  .refine((body) => !body.walkover || body.winnerTeamId !== undefined, MSG.walkoverNeedsWinner)
  .refine((body) => !body.abandoned || body.void !== undefined, MSG.resultInvalid)
  .transform((body): EventOutcome => {
    const extra = { ...(body.score && { score: body.score }), ...(body.note && { note: body.note }) };
    if (body.winnerTeamId) return { winnerTeamId: body.winnerTeamId, ...(body.walkover && { walkover: true as const }), ...extra };
    if (body.draw) return { isDraw: true, ...extra };
    return { isVoid: true, ...(body.abandoned && { abandoned: true as const }), ...extra };
  });

export type { EventOutcome };

/** POST /admin/events/{id}/live-score: the score while the match is played (its first closes betting). */
export const liveScoreSchema = scoreField;

const takenAtField = z.number({ error: MSG.scorerTakenAtInvalid }).int(MSG.scorerTakenAtInvalid).positive(MSG.scorerTakenAtInvalid);

/** POST /scorer/matches/{id}/score: the whole score after a tap, and when the tap was made (a late or replayed one never undoes a newer). */
export const scorerScoreSchema = z.strictObject({ home: scoreSideField, away: scoreSideField, takenAt: takenAtField }, { error: MSG.scoreInvalid });

/** POST /scorer/matches/{id}/end: the referee's result, with its final score (it waits to be confirmed). */
export const scorerEndSchema = z
  .object({
    winnerTeamId: idField.optional(),
    draw: z.literal(true, { error: MSG.resultInvalid }).optional(),
    score: scoreField,
    note: eventResultNoteField.optional(),
    takenAt: takenAtField,
  })
  .refine((body) => (body.winnerTeamId === undefined) !== (body.draw === undefined), MSG.resultInvalid)
  .transform(({ takenAt, ...body }) => ({
    takenAt,
    outcome: (body.winnerTeamId
      ? { winnerTeamId: body.winnerTeamId, score: body.score, ...(body.note && { note: body.note }) }
      : { isDraw: true, score: body.score, ...(body.note && { note: body.note }) }) as EventOutcome,
  }));

const scorerDayField = z.string({ error: MSG.scorerLinkDayInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, MSG.scorerLinkDayInvalid).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), MSG.scorerLinkDayInvalid);

/** POST /admin/tournaments/{id}/scorer-links: its name, what it reaches (matches, or a court and/or a day), how long it lasts. */
export const createScorerLinkSchema = z
  .object({
    name: boundedText(SCORER_LINK_NAME_MAX_LENGTH, MSG.scorerLinkNameInvalid),
    eventIds: z.array(idField, { error: MSG.scorerLinkScopeInvalid }).min(1, MSG.scorerLinkScopeInvalid).max(SCORER_LINK_MATCHES_MAX, MSG.scorerLinkScopeInvalid).optional(),
    venue: venueField.optional(),
    day: scorerDayField.optional(),
    validHours: z.number({ error: MSG.scorerLinkHoursInvalid }).int(MSG.scorerLinkHoursInvalid).min(1, MSG.scorerLinkHoursInvalid).max(SCORER_LINK_HOURS_MAX, MSG.scorerLinkHoursInvalid).optional(),
  })
  .refine((body) => (body.eventIds !== undefined) !== (Boolean(body.venue) || body.day !== undefined), MSG.scorerLinkScopeInvalid);
export type CreateScorerLinkInput = z.infer<typeof createScorerLinkSchema>;

/** DELETE /admin/tournaments/{id}/scorer-links/{linkId} */
export const scorerLinkParamsSchema = z.object({ id: idField, linkId: idField });


/** POST /admin/users/{id}/credit: rupees and/or whole coins (at least one above 0), a reason, an optional idempotency id. */
export const creditSchema = z
  .object({
    cash: z
      .number({ error: MSG.creditCashInvalid })
      .min(0, MSG.creditCashInvalid)
      .max(CREDIT_MAX_RUPEES, MSG.creditCashInvalid)
      .refine(hasWholePaise, MSG.creditCashInvalid)
      // 1e-9 passes the tolerance above but is 0 paise: a prize of nothing, with a ledger entry and a notice.
      .refine((cash) => cash === 0 || paiseOf(cash) >= 1, MSG.creditCashInvalid)
      .optional(),
    coins: z.number({ error: MSG.creditCoinsInvalid }).int(MSG.creditCoinsInvalid).min(0, MSG.creditCoinsInvalid).max(CREDIT_MAX_COINS, MSG.creditCoinsInvalid).optional(),
    reason: boundedText(REASON_MAX_LENGTH, MSG.reasonRequired),
    creditId: idField.optional(),
  })
  .refine((body) => paiseOf(body.cash ?? 0) > 0 || (body.coins ?? 0) > 0, MSG.creditAmountRequired);

/** POST /admin/users/{id}/prizes/{creditId}/reversal: the user and the prize's creditId. */
export const prizeParamsSchema = z.object({ id: idField, creditId: idField });
/** POST /admin/users/{id}/prizes/{creditId}/reversal: why (kept with the reversal and told to the user). */
export const prizeReversalSchema = z.object({ reason: boundedText(REASON_MAX_LENGTH, MSG.prizeReversalReasonRequired) });

/** GET /admin/withdrawals?status= (pending when absent). */
export const withdrawalListQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES, { error: MSG.withdrawalStatusInvalid }).default('pending'),
});

/** PATCH /admin/withdrawals/{id} */
export const withdrawalDecisionSchema = z.discriminatedUnion(
  'status',
  [
    // The UPI transaction reference (UTR): asked for by that name, and a missing one told apart from a long one.
    z.object({ status: z.literal('paid'), reference: boundedText(REFERENCE_MAX_LENGTH, MSG.referenceRequired, MSG.referenceTooLong) }),
    z.object({ status: z.literal('rejected'), reason: boundedText(REASON_MAX_LENGTH, MSG.reasonRequired) }),
  ],
  { error: MSG.withdrawalDecisionInvalid },
);

/** GET /admin/users?query=: any part of a name or email (one or two characters: the start of either). */
export const userSearchQuerySchema = z.object({ query: boundedText(USER_SEARCH_MAX_LENGTH, MSG.searchQueryRequired) });

/** GET /user/notification-list?filter= (all when absent). */
export const notificationListQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS, { error: MSG.notificationFilterInvalid }).default('all'),
});

/** PATCH /user/notification-read/{id}: the notification's opaque _id. */
/** Base64url as browsers give a push subscription's keys (padding allowed); the server checks the decoded lengths. */
const pushKeyField = z.string({ error: MSG.pushSubscriptionInvalid }).regex(/^[A-Za-z0-9_-]{1,200}={0,2}$/, MSG.pushSubscriptionInvalid);
const pushEndpointField = z.string({ error: MSG.pushSubscriptionInvalid }).min(1, MSG.pushSubscriptionInvalid).max(2048, MSG.pushEndpointNotAllowed);

/** POST /user/push-subscription: a PushSubscription's JSON. Where the endpoint may point is the server's own check (functions/notifications/web-push-endpoints.ts). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointField,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: pushKeyField, auth: pushKeyField }, { error: MSG.pushSubscriptionInvalid }),
});

/** DELETE /user/push-subscription: the device by its endpoint (this device) or its id (from the list). */
export const pushDeviceSchema = z.union([z.object({ endpoint: pushEndpointField }), z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{43}$/, MSG.pushDeviceRequired) })], { error: MSG.pushDeviceRequired });

/** GET /user/push-subscriptions: `endpoint` marks this device in the list. */
export const pushDevicesQuerySchema = z.object({ endpoint: pushEndpointField.optional() });

export const notificationIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, MSG.invalidId) });

/** The coin-history cursor: the last entry a page showed, as `<ISO time>_<entry id>` (ledgerCursor). */
const ledgerCursorField = z
  .string({ error: MSG.ledgerCursorInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z_[\w#:.-]{1,200}$/, MSG.ledgerCursorInvalid)
  .transform((cursor) => ({ createdAt: cursor.slice(0, cursor.indexOf('_')), entryId: cursor.slice(cursor.indexOf('_') + 1) }))
  .refine(({ createdAt }) => !Number.isNaN(Date.parse(createdAt)), MSG.ledgerCursorInvalid);

/** GET /wallet/ledger?cursor=&limit=: a page of the caller's coin history, newest first. */
export const ledgerQuerySchema = z.object({
  cursor: ledgerCursorField.optional(),
  limit: z
    .string({ error: MSG.ledgerLimitInvalid })
    .regex(/^\d{1,3}$/, MSG.ledgerLimitInvalid)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= LEDGER_PAGE_MAX, MSG.ledgerLimitInvalid)
    .default(LEDGER_PAGE_SIZE),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** The `cursor` that continues the coin history behind this entry. */
export const ledgerCursor = (entry: { createdAt: string; _id: string }) => `${entry.createdAt}_${entry._id}`;

export type CreateBetInput = z.infer<typeof createBetSchema>;
export type PoolStakeInput = z.infer<typeof poolStakeSchema>;
export type PoolSettingsInput = z.infer<typeof poolSettingsSchema>;
export type WithdrawInput = z.infer<typeof withdrawSchema>;
export type CreateTournamentInput = z.infer<typeof createTournamentSchema>;
export type UpdateTournamentInput = z.infer<typeof updateTournamentSchema>;
export type CreateTeamInput = z.infer<typeof createTeamSchema>;
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;
export type CreateEventInput = z.infer<typeof createEventSchema>;
export type PublishFormatInput = z.infer<typeof publishFormatSchema>;
export type UpdateEventInput = z.infer<typeof updateEventSchema>;
export type BulkTeamsInput = z.infer<typeof bulkTeamsSchema>;
export type BulkFixturesInput = z.infer<typeof bulkFixturesSchema>;
export type CreditInput = z.infer<typeof creditSchema>;
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>;
export type PrizeReversalInput = z.infer<typeof prizeReversalSchema>;

// Groups and hostels.

/** POST /group/create-group: a name by the user-name rules (shared/account-rules.ts). */
export const createGroupSchema = z.object({
  name: z
    .string({ error: MSG.groupNameRequired })
    .transform(storedName)
    .pipe(z.string().min(1, MSG.groupNameRequired))
    .superRefine((name, ctx) => {
      const problem = groupNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** POST /group/join */
export const joinGroupSchema = z.object({ inviteCode: inviteCodeField });

/** POST /group/leave and /group/rotate-invite */
export const groupIdSchema = z.object({ groupId: z.uuid({ error: MSG.groupNotFound }) });

/** GET /group/invite/{inviteCode}: what an invite link is an invite to, before signing up. */
export const inviteCodeParamsSchema = z.object({ inviteCode: inviteCodeField });

/** GET /group/leaderboard/{groupId}: a malformed id is as unknown as a missing group. */
export const groupIdParamsSchema = groupIdSchema;

/** GET /group/picks?eventIds=a,b,c: the matches of a list of cards (a repeated id counts once). */
export const groupPicksQuerySchema = z.object({
  eventIds: z
    .string({ error: MSG.groupPicksEventsInvalid })
    .max(GROUP_PICKS_EVENTS_MAX * 40, MSG.groupPicksEventsInvalid)
    .transform((ids) => [...new Set(ids.split(','))])
    .pipe(z.array(z.uuid({ error: MSG.groupPicksEventsInvalid })).max(GROUP_PICKS_EVENTS_MAX, MSG.groupPicksEventsInvalid)),
});

/** GET /game/hostel-leaderboard?tournamentId= */
export const hostelLeaderboardQuerySchema = z.object({ tournamentId: idField });
/** GET /game/tournament-shape?tournamentId */
export const tournamentShapeQuerySchema = z.object({ tournamentId: idField });

/** GET /game/tournament-pool, /pool/my-stakes, /pool/group-picks */
export const tournamentPoolQuerySchema = z.object({ tournamentId: idField });

/** POST /pool/stake: coins on one team to lift the cup (the usual stake limits). */
export const poolStakeSchema = z.object({
  tournamentId: idField,
  teamId: idField,
  amount: z.number({ error: MSG.betAmountNotNumber }),
});

/**
 * PUT /admin/tournaments/{id}/pool: when the pool stops taking stakes (`closesAt`, null: back to its
 * default match), closing it now, or calling it off (every stake back).
 */
export const poolSettingsSchema = z
  .object({
    closesAt: z.iso.datetime({ offset: true, error: MSG.poolCloseTimeInvalid }).nullable().optional(),
    closeNow: z.literal(true).optional(),
    callOff: z.literal(true).optional(),
  })
  .refine((input) => [input.closesAt !== undefined, input.closeNow, input.callOff].filter(Boolean).length === 1, { error: MSG.poolSettingsOneChange });

/**
 * PUT /admin/tournaments/{id}/hostels: the whole list of the tournament's hostels (empty clears it), by
 * group id and/or by an invite code of the group (what an organiser is sent).
 */
export const tournamentHostelsSchema = z
  .object({
    // Required, even empty (clearing the list): a body without it is a mistake, not a request to clear.
    groupIds: z.array(z.uuid({ error: MSG.hostelGroupIdsInvalid }), { error: MSG.hostelGroupIdsInvalid }),
    inviteCodes: z.array(inviteCodeField, { error: MSG.inviteInvalid }).default([]),
  })
  .refine((body) => body.groupIds.length + body.inviteCodes.length <= TOURNAMENT_HOSTELS_MAX, MSG.hostelGroupIdsInvalid);
