// The spec's error catalogue (§8) for domain refusals: status and message of each.
import { MSG } from '#shared/messages.ts';
import type { DomainErrorCode } from '#functions/platform/errors.ts';

export interface ErrorAnswer {
  statusCode: number;
  message: string;
}

/** A refusal whose message names what it is about inside its sentence (the DomainError's `about`), not before it. */
interface NamingAnswer {
  statusCode: number;
  message: (about: string) => string;
}

export const DOMAIN_ERROR_ANSWERS: Record<DomainErrorCode, ErrorAnswer | NamingAnswer> = {
  'not-organiser': { statusCode: 403, message: MSG.forbidden },
  'tournament-creation-not-allowed': { statusCode: 403, message: MSG.tournamentCreationNotAllowed },
  'tournament-creation-cap-reached': { statusCode: 409, message: MSG.tournamentCreationCapReached },
  'last-organiser': { statusCode: 409, message: MSG.lastOrganiser },
  'team-in-match': { statusCode: 409, message: MSG.teamInMatch },
  'team-name-taken': { statusCode: 409, message: MSG.teamNameTaken },
  'event-replaced': { statusCode: 409, message: MSG.eventReplaced },
  'result-invalid': { statusCode: 400, message: (why) => why },
  'live-score-decided': { statusCode: 409, message: MSG.liveScoreDecided },
  'result-pending': { statusCode: 409, message: MSG.resultPending },
  'result-disputed': { statusCode: 409, message: MSG.resultDisputed },
  'no-provisional-result': { statusCode: 409, message: MSG.noProvisionalResult },
  'scorer-link-invalid': { statusCode: 401, message: MSG.scorerLinkInvalid },
  'scorer-link-not-found': { statusCode: 404, message: MSG.scorerLinkNotFound },
  'scorer-links-too-many': { statusCode: 409, message: MSG.scorerLinksTooMany },
  'scorer-match-not-in-link': { statusCode: 403, message: MSG.scorerMatchNotInLink },
  'scorer-match-not-in-tournament': { statusCode: 400, message: MSG.scorerMatchNotInTournament },
  'scorer-too-fast': { statusCode: 429, message: MSG.scorerTooFast },
  'event-decided': { statusCode: 409, message: MSG.eventDecided },
  'event-teams-have-bets': { statusCode: 409, message: MSG.eventTeamsHaveBets },
  'event-has-bets': { statusCode: 409, message: MSG.eventHasBets },
  'event-changed': { statusCode: 409, message: MSG.eventChanged },
  'event-in-bracket': { statusCode: 409, message: MSG.eventInBracket },
  'format-already-published': { statusCode: 409, message: MSG.formatAlreadyPublished },
  'format-invalid': { statusCode: 400, message: MSG.formatInvalid },
  'format-teams-invalid': { statusCode: 400, message: MSG.formatTeamsInvalid },
  'format-schedule-invalid': { statusCode: 400, message: MSG.formatScheduleInvalid },
  'event-awaiting-teams': { statusCode: 409, message: MSG.eventAwaitingTeams },
  'next-match-decided': { statusCode: 409, message: MSG.nextMatchDecided },
  'group-places-decided': { statusCode: 409, message: MSG.groupPlacesDecided },
  'allowance-not-needed': { statusCode: 400, message: MSG.allowanceNotNeeded },
  'allowance-already-claimed': { statusCode: 409, message: MSG.allowanceAlreadyClaimed },
  'email-domain-not-allowed': { statusCode: 403, message: MSG.emailDomainNotAllowed },
  unauthorized: { statusCode: 401, message: MSG.unauthorized },
  'push-endpoint-not-allowed': { statusCode: 400, message: MSG.pushEndpointNotAllowed },
  'push-keys-invalid': { statusCode: 400, message: MSG.pushSubscriptionInvalid },
  'push-device-limit': { statusCode: 409, message: MSG.pushDeviceLimit },
  'settings-busy': { statusCode: 409, message: MSG.settingsBusy },
  'reminder-opt-in-limit': { statusCode: 409, message: MSG.reminderOptInLimit },
  'user-already-registered': { statusCode: 401, message: MSG.userAlreadyRegistered },
  'user-not-registered': { statusCode: 403, message: MSG.userNotRegistered },
  'user-not-found': { statusCode: 404, message: MSG.userNotFound },
  'incorrect-password': { statusCode: 402, message: MSG.incorrectPassword },
  'email-not-verified': { statusCode: 409, message: MSG.emailNotVerified },
  'login-throttled': { statusCode: 429, message: MSG.tooManyLogins },
  'codes-rate-limited': { statusCode: 429, message: MSG.tooManyCodes },
  'verification-expired': { statusCode: 401, message: MSG.tokenExpired },
  'verification-invalid': { statusCode: 402, message: MSG.invalidRequest },
  'otp-wrong': { statusCode: 402, message: MSG.otpNotValid },
  'otp-unusable': { statusCode: 403, message: MSG.otpNotValid },
  // Not the spec's 402/403: a distinct status lets the page offer a new code instead of another try.
  'otp-used-up': { statusCode: 429, message: MSG.tooManyTries },
  'avatar-required': { statusCode: 400, message: MSG.avatarRequired },
  'avatar-too-large': { statusCode: 413, message: MSG.avatarTooLarge },
  'avatar-bad-type': { statusCode: 415, message: MSG.avatarBadType },
  'cash-betting-disabled': { statusCode: 400, message: MSG.cashNotice },
  'bet-amount-not-whole': { statusCode: 400, message: MSG.betAmountNotWhole },
  'bet-below-minimum': { statusCode: 400, message: MSG.minBet },
  'bet-amount-out-of-range': { statusCode: 400, message: MSG.betAmountOutOfRange },
  'event-not-found': { statusCode: 404, message: MSG.eventNotFound },
  'team-not-in-event': { statusCode: 400, message: MSG.teamNotInEvent },
  'event-awaiting-opponent': { statusCode: 409, message: MSG.eventAwaitingOpponent },
  'betting-closed': { statusCode: 409, message: MSG.bettingClosed },
  'bet-refunded-closed': { statusCode: 409, message: MSG.betRefundedClosed },
  'not-enough-coins': { statusCode: 404, message: MSG.notEnoughCoins },
  'already-bet': { statusCode: 402, message: MSG.alreadyBet },
  'bet-not-found': { statusCode: 402, message: MSG.betNotFound },
  'wallet-busy': { statusCode: 409, message: MSG.walletBusy },
  'withdrawal-pending': { statusCode: 409, message: MSG.withdrawalPending },
  'not-enough-cash': { statusCode: 400, message: MSG.notEnoughWallet },
  'credit-amount-invalid': { statusCode: 400, message: MSG.creditAmountRequired },
  'tournament-not-found': { statusCode: 404, message: MSG.tournamentNotFound },
  'team-not-found': { statusCode: 404, message: MSG.teamNotFound },
  'team-not-in-tournament': { statusCode: 400, message: MSG.teamNotInTournament },
  'event-not-decided': { statusCode: 409, message: MSG.eventNotDecided },
  'result-conflict': { statusCode: 409, message: MSG.resultConflict },
  'withdrawal-not-found': { statusCode: 404, message: MSG.withdrawalNotFound },
  'prize-not-found': { statusCode: 404, message: MSG.prizeNotFound },
  'prize-already-reversed': { statusCode: 409, message: MSG.prizeAlreadyReversed },
  'withdrawal-not-pending': { statusCode: 409, message: MSG.withdrawalNotPending },
  'notification-not-found': { statusCode: 404, message: MSG.notificationNotFound },
  // A group the caller is not in answers as one that does not exist: its existence is not revealed.
  'group-not-found': { statusCode: 404, message: MSG.groupNotFound },
  'invite-invalid': { statusCode: 404, message: MSG.inviteInvalid },
  'too-many-groups': { statusCode: 409, message: MSG.tooManyGroups },
  'group-full': { statusCode: 409, message: MSG.groupFull },
  'not-group-creator': { statusCode: 403, message: MSG.notGroupCreator },
  'group-changed': { statusCode: 409, message: MSG.groupChanged },
  'correction-window-closed': { statusCode: 409, message: MSG.correctionWindowClosed },
  'correction-same-outcome': { statusCode: 400, message: MSG.correctionSameOutcome },
  'correction-in-progress': { statusCode: 409, message: MSG.correctionInProgress },
  'export-not-found': { statusCode: 404, message: MSG.exportNotFound },
};

/** A write that kept losing races with other transactions past the client's retries (nothing written): not a domain refusal, but never a 500. */
export const LOST_RACE_ANSWER: ErrorAnswer = { statusCode: 409, message: MSG.busyTryAgain };
