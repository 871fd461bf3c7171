// Every user-facing message of the spec's error catalogue (§5, §8) and the server's own, in one place:
// one constant each, read as MSG.<name> through shared/messages.ts (a namespace, so a bundle can keep
// only the messages it reads).

import {
  BULK_FIXTURES_MAX,
  BULK_TEAMS_MAX,
  COIN_BET_MIN,
  CONFIRM_AFTER_MINUTES_MAX,
  CREDIT_MAX_COINS,
  CREDIT_MAX_RUPEES,
  FORMAT_TEAMS_MAX,
  GROUP_PICKS_EVENTS_MAX,
  REASON_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  SCORER_LINK_HOURS_MAX,
  SCORER_LINK_MATCHES_MAX,
  SCORER_LINK_NAME_MAX_LENGTH,
  SCORER_LINKS_PER_TOURNAMENT,
  TOURNAMENTS_PER_CREATOR,
  USER_SEARCH_MAX_LENGTH,
  VENUE_MAX_LENGTH,
} from './constants.ts';
import { PUSH_DEVICE_LIMIT, REMINDER_LEAD_MINUTES, REMINDER_OPT_IN_LIMIT } from './push.ts';
import { CORRECTION_WINDOW_HOURS } from './corrections.ts';

// server: web push
export const pushSubscriptionInvalid = 'This push subscription is not valid';
export const pushEndpointNotAllowed = 'Push notifications can only go through a browser push service';
export const pushDeviceLimit = `Push is on for ${PUSH_DEVICE_LIMIT} devices already. Remove one to add this device`;
// server: any write that lost its races with other transactions past every retry (never a 500)
export const busyTryAgain = 'Someone else is changing this right now. Please try again';
export const settingsBusy = 'Your settings are being changed from another device. Please try again';
export const reminderOptInLimit = `You get reminders for ${REMINDER_OPT_IN_LIMIT} tournaments already. Turn one off to add this one`;
export const reminderOptedIn = 'You will be reminded before this tournament\'s matches';
export const reminderOptedOut = 'No more reminders for this tournament\'s matches';
export const pushDeviceRequired = 'Say which device to remove: its endpoint or its id';
export const pushSubscribed = 'Push notifications are on for this device';
export const pushUnsubscribed = 'Push notifications are off for that device';
/** The betting reminder's text (REMINDER_LEAD_MINUTES before the start). */
export const bettingClosesSoonTitle = 'Betting closes soon';
export const bettingClosesSoon = (teamA: string, teamB: string) => `Betting on ${teamA} vs ${teamB} closes in ${REMINDER_LEAD_MINUTES} minutes`;
// server: accounts
export const userAlreadyRegistered = 'User already registered. Try to log in';
export const userNotRegistered = 'User not registered';
export const incorrectPassword = 'Incorrect password';
export const emailNotVerified = 'Email not verified';
export const tokenExpired = 'Token expired. Try to resend verification email';
export const invalidRequest = 'Invalid request';
export const otpNotValid = 'Otp is not valid';
export const invalidOtp = 'Invalid otp';
export const unauthorized = 'Unauthorized request';
export const forbiddenOrigin = 'Request origin not allowed';
export const forbidden = 'You are not allowed to do this';
export const userNotFound = 'User not found';
export const invalidId = 'Invalid id';
export const tooManyLogins = 'Too many failed login attempts. Try again in 15 minutes';
export const tooManyCodes = 'Too many codes requested. Try again later';
export const tooManyTries = 'Too many wrong tries. Request a new code';
export const passwordTooShort = 'Password must contain atleast 8 characters';
export const passwordTooLong = 'Password must contain at most 128 characters';
export const tooManyPasswordTries = 'Too many wrong passwords. Try again in 15 minutes';
export const userNameTooShort = 'User name must contain atleast 3 characters';
export const userNameTooLong = 'User name must contain at most 30 characters';
export const userNameHiddenCharacters = 'User name must not contain invisible, formatting or line-break characters';
export const userNameNotVisible = 'User name must contain characters you can see';
export const invalidEmail = 'Enter a valid email';
export const allFieldsRequired = 'All fields are required';
export const emailPasswordRequired = 'Email and password is required';
export const emailRequired = 'Email is required';
export const passwordRequired = 'Password is required';
export const avatarRequired = 'Choose an image file for the avatar';
export const avatarTooLarge = 'Image size must be less than 5mn';
export const avatarBadType = 'Avatar must be a JPEG image';
export const malformedBody = 'Request body is not valid';
export const unsupportedMediaType = 'Unsupported content type';
export const internal = 'Something went wrong';
// web app (and its shell's own three, in a module of their own: shell-messages.ts)
export * from './shell-messages.ts';
export const failedToLogout = 'Failed to logout';
export const registrationFailed = 'Registration failed. please try again later';
export const verificationRequestFailed = 'Something went wrong. Please try again';
export const otpRequestFailed = 'Error on trying';
export const userNameUpdateFailed = 'User name update failed';
export const profileUpdateFailed = 'Failed to update profile';
export const profileUpdated = 'Profile updated';
export const passwordUpdated = 'Password updated';
export const unableToShare = 'Unable to share';
export const notEnoughCoins = 'You have not enough coins';
export const alreadyBet = 'You have already placed a bet on this event';
export const minBet = 'Minimum bet amount is 10';
export const minWithdraw = 'Minimum required amount is 10';
export const invalidUpi = 'Enter valid upiId';
export const notEnoughWallet = 'Not enough amount in your wallet';
export const withdrawSent = 'Withdrawl request sent successfully';
// server: betting, wallet and the operator's catalogue
export const betWayInvalid = 'Choose coin or cash as the betting mode';
export const betAmountNotNumber = 'Enter the bet amount as a number';
export const betAmountNotWhole = 'Bet amount must be a whole number of coins';
export const betAmountOutOfRange = 'Coin bets must be from 50 to 1000 coins';
export const teamNotInEvent = 'This team does not play in this event';
export const bettingClosed = 'Betting is closed for this event';
export const eventNotFound = 'Event not found';
export const betNotFound = 'Bet not found';
export const betCreated = 'Bet placed';
export const withdrawAmountNotNumber = 'Enter the amount in rupees';
export const withdrawAmountPrecision = 'Amount can have at most 2 decimal places';
export const withdrawalPending = 'You already have a withdrawal request in progress';
export const walletBusy = 'Your wallet is busy. Please try again';
export const tournamentNotFound = 'Tournament not found';
export const teamNotFound = 'Team not found';
export const teamNotInTournament = 'Use teams of this tournament: that team belongs to another tournament';
export const titleRequired = 'Title is required';
export const titleTooLong = 'Title must contain at most 80 characters';
export const titleNotVisible = 'Title must contain characters you can see';
export const previewImgInvalid = 'Preview image must be a path or an https URL';
export const teamNameRequired = 'Team name is required';
export const teamNameTooLong = 'Team name must contain at most 40 characters';
export const teamNameNotVisible = 'Team name must contain characters you can see';
/** A tournament's teams are told apart by what a reader sees (shared/names.ts nameKey). */
export const teamNameTaken = (teamName: string) => `This tournament already has a team named ${teamName} (names that look the same count as the same)`;
export const teamRankInvalid = 'Team rank must be a whole number from 1';
export const membersInvalid = 'Members must be a list of up to 30 names';
export const memberNameRequired = 'Every member needs a name of at most 40 characters';
export const memberNameNotVisible = "A member's name must contain characters you can see";
export const eventTimeInvalid = 'Time must be an ISO 8601 date and time';
export const teamIdsInvalid = 'Choose two different teams';
export const isBetActiveInvalid = 'isBetActive must be true or false';
export const nothingToUpdate = 'Nothing to update';
export const isPaidRequired = 'isPaid must be true';
// server: results, prizes, withdrawals, user search, notifications
export const resultInvalid = 'Send one of winnerTeamId, draw: true or void: true';
export const resultConflict = 'A different result was already declared for this event';
export const resultRecorded = 'Result recorded; settlement started';
export const eventNotDecided = 'This event has no result yet';
export const creditAmountRequired = 'Credit cash or coins greater than 0';
export const creditCashInvalid = `Cash must be rupees with at most 2 decimal places, up to ${CREDIT_MAX_RUPEES}`;
export const creditCoinsInvalid = `Coins must be a whole number, up to ${CREDIT_MAX_COINS}`;
export const reasonRequired = `A reason of at most ${REASON_MAX_LENGTH} characters is required`;
export const referenceRequired = 'Enter the UPI transaction reference (UTR) of the payment';
export const referenceTooLong = `The UPI transaction reference (UTR) is at most ${REFERENCE_MAX_LENGTH} characters`;
export const prizeCredited = 'Prize credited';
export const prizeAlreadyCredited = 'This credit was already applied';
export const prizeReversed = 'Prize reversed';
export const prizeNotFound = 'No such prize was credited to this user';
export const prizeAlreadyReversed = 'This prize was already reversed';
export const prizeReversalReasonRequired = `Say why the prize is reversed, in at most ${REASON_MAX_LENGTH} characters`;
export const withdrawalRequestedSubject = 'New withdrawal request';
export const withdrawalStatusInvalid = 'Status must be pending, paid or rejected';
export const withdrawalDecisionInvalid = "Status must be 'paid' with a reference or 'rejected' with a reason";
export const withdrawalNotFound = 'Withdrawal not found';
export const withdrawalNotPending = 'This withdrawal is no longer pending';
export const searchQueryRequired = `Enter part of a name or email (at most ${USER_SEARCH_MAX_LENGTH} characters)`;
export const notificationFilterInvalid = 'Filter must be all or unreads';
export const notificationNotFound = 'Notification not found';
export const allNotificationsRead = 'All notifications marked as read';
export const ledgerCursorInvalid = 'This page of your coin history is not valid. Reload the wallet';
export const ledgerLimitInvalid = 'Limit must be a whole number from 1 to 50';
export const linkCopied = 'Link copied';
export const textInvalidCharacters = 'Text must not contain control characters';
// server and web app: groups and hostels
export const groupNameRequired = 'Enter a name for the group';
export const groupNameTooShort = 'Group name must contain atleast 3 characters';
export const groupNameTooLong = 'Group name must contain at most 30 characters';
export const groupNameHiddenCharacters = 'Group name must not contain invisible, formatting or line-break characters';
export const groupNameNotVisible = 'Group name must contain characters you can see';
export const groupNotFound = 'Group not found';
export const inviteInvalid = 'This invite link is not valid any more. Ask the group for a new one';
export const tooManyGroups = 'You can be in at most 10 groups. Leave one to join another';
export const groupFull = 'This group is full: it has 500 members';
export const notGroupCreator = "Only the group's creator can do this";
export const groupChanged = 'The group changed meanwhile. Reload and try again';
export const groupCreated = 'Group created';
export const groupJoined = 'You joined the group';
export const groupLeft = 'You left the group';
export const inviteRotated = 'New invite link made; the old one no longer works';
export const hostelGroupIdsInvalid = 'Send groupIds and inviteCodes: at most 20 hostels in all';
export const hostelsSaved = 'Hostels saved';
export const groupPicksEventsInvalid = `Send eventIds: 1 to ${GROUP_PICKS_EVENTS_MAX} match ids, separated by commas`;
// server: organisers, daily allowance, registration domains
export const organiserAdded = 'Organiser added';
export const organiserRemoved = 'Organiser removed';
export const lastOrganiser = 'A tournament keeps at least one organiser';
export const teamInMatch = 'This team plays in a match, so it cannot be removed';
export const teamRemoved = 'Team removed';
export const teamRestored = 'Team back';
// server and web app: fixing a match
export const eventDecided = 'This match has a result, so it cannot be changed';
export const eventTeamsHaveBets = 'This match has bets, so its teams cannot be changed';
export const eventHasBets = 'This match has bets, so it cannot be deleted; void it instead';
export const eventChanged = 'This match changed meanwhile. Reload and try again';
export const eventInBracket = 'This match is part of a knockout bracket: its teams come from the bracket, and it cannot be deleted';
export const eventDeleted = 'Match deleted';
export const eventRestored = 'Match back';
export const eventSaved = 'Match saved';
export const formatPublished = 'Fixtures published';
export const formatAlreadyPublished = 'This tournament already has its fixtures generated';
export const formatInvalid = 'Choose a format: league, knockout, or groups then knockout';
export const formatTeamsInvalid = `Pick between 2 and ${FORMAT_TEAMS_MAX} of the tournament's own teams, each once`;
export const formatScheduleInvalid = 'Give every match a start time, and only the matches of this format';
export const eventAwaitingTeams = 'This match is waiting for the winners of earlier matches';
export const eventAwaitingOpponent = 'This match is still waiting for its opponent: bets open once both teams are known';
/** A knockout match a correction of an earlier result voided and put a new match in place of. */
export const eventReplaced = (replacement: string) => `This match was replaced when an earlier result was corrected: its result goes on ${replacement}`;
export const groupPlacesDecided = "This group's places have gone on to the knockout, so this result can no longer change them";
export const nextMatchDecided = 'The winner has already played its next match, so this result can no longer change who went through';
export const tournamentCreationNotAllowed = 'Only organisers an operator has allowed can create tournaments';
export const tournamentCreationCapReached = `You have created ${TOURNAMENTS_PER_CREATOR} tournaments, the most one organiser may`;
export const tournamentCreatorAllowed = 'They can now create tournaments';
export const tournamentCreatorRevoked = 'They can no longer create tournaments';
export const tournamentCreatorInvalid = 'Send allowed: true or false';
export const allowanceClaimed = 'Daily coins added to your wallet';
export const allowanceNotNeeded = 'You still have enough coins to bet';
export const allowanceAlreadyClaimed = 'You have already claimed your daily coins today';
export const tooFewCoinsToBet = `You need at least ${COIN_BET_MIN} coins to bet. You can claim daily coins again tomorrow`;
export const emailDomainNotAllowed = 'Registration is open only to college email addresses';
// server: result corrections and the organiser export
export const correctionRecorded = 'Result corrected; the bets are being settled again';
export const correctionWindowClosed = 'A result can be corrected only within 48 hours of the decision';
export const correctionSameOutcome = 'That is already the result of this event';
export const correctionInProgress = "This event's bets are still being settled. Try again in a minute";
export const resultCorrectedSubject = 'Result corrected';
export const exportReady = 'Export ready';
export const exportStarted = 'Preparing the export';
export const exportFailed = 'The export failed. Try again';
export const exportNotFound = 'No such export of this tournament';
// server and web app: bulk entry of teams and fixtures
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Which pasted item a refusal is about: 'Team 3', 'Fixture 12' (their order in the request). */
export const teamNumber = (n: number) => `Team ${n}`;
export const fixtureNumber = (n: number) => `Fixture ${n}`;
export const aboutItem = (item: string, message: string) => `${item}: ${message}`;
export const bulkTeamsInvalid = `Send teams: a list of 1 to ${BULK_TEAMS_MAX} teams`;
export const bulkTeamRepeated = (earlier: number) => `Same team as team ${earlier}`;
export const bulkFixturesInvalid = `Send fixtures: a list of 1 to ${BULK_FIXTURES_MAX} matches`;
export const bulkFixtureRepeated = (earlier: number) => `Same match as fixture ${earlier}`;
export const venueTooLong = `Venue must contain at most ${VENUE_MAX_LENGTH} characters`;
export const venueNotVisible = 'Venue must contain characters you can see, or be left empty';
export const openBettingInvalid = 'openBetting must be true or false';
export const bulkTeamsAdded = (added: number, unchanged: number) => `${count(added, 'team', 'teams')} added, ${unchanged} already there`;
export const bulkFixturesAdded = (added: number, unchanged: number) => `${count(added, 'match', 'matches')} added, ${unchanged} already there`;
// web app: the console's Fixtures screen and guided setup
export const formatRequired = 'Choose a format';
export const formatTooFewTeams = 'Choose at least 2 teams';
export const formatTooManyTeams = `A format takes at most ${FORMAT_TEAMS_MAX} teams`;
export const formatGroupsTooMany = 'Every group needs at least 2 teams: choose fewer groups';
export const formatAdvanceTooMany = 'More teams go through than the smallest group has';
export const formatAdvanceTooFew = 'At least 2 teams in all must go through to the knockout';
export const calendarStartDateInvalid = 'Choose the first day of matches';
export const calendarSlotsInvalid = 'Write the daily start times like 18:00, 20:00';
export const calendarMinutesInvalid = 'Minutes between matches must be a whole number from 0';
export const calendarTeamTwice = (team: string, when: string) => `${team} plays twice at ${when}`;
export const calendarVenueTwice = (venue: string, when: string) => `${venue} has two matches at ${when}`;
export const calendarTooLittleRest = (team: string, first: string, second: string) => `${team} has little rest between ${first} and ${second}`;
export const calendarKnockoutTooEarly = (match: string, earlier: string) => `${match} starts before ${earlier} is over`;
export const calendarHasClashes = 'Fix the clashes above before publishing';
export const fixturesPublished = (matches: number) => `${matches} ${matches === 1 ? 'match' : 'matches'} published`;
export const setupTeamsRequired = 'Paste at least 2 teams, one a line';
export const setupTeamLinesInvalid = 'Fix the marked lines first';

// Issue 22: notifications where the browser cannot show them, the organiser's decisions.
export const pushNeedsHomeScreen = 'Add this app to your Home Screen first (tap Share, then Add to Home Screen), then turn on notifications from it.';
export const pushUnsupported = 'This browser cannot show notifications. To get them, open this app in an up-to-date Chrome, Edge, Firefox or Safari.';
export const pushTurnOnFailed = 'This browser could not turn on notifications. Try again, or open this app in another browser.';
export const winnerCorrectable = `Betting closes and every bet is settled. If the result turns out wrong, you can correct it within ${CORRECTION_WINDOW_HOURS} hours.`;
export const voidCorrectable = `Betting closes and every stake is refunded. If voiding was a mistake, you can correct the result within ${CORRECTION_WINDOW_HOURS} hours.`;
export const bettingPausedUndo = 'Betting paused';

// server and web app: scores, draws, walkovers, postponements and live scores
export const scoreInvalid = 'A score is two whole numbers from 0 to 999, home then away';
export const resultNoteInvalid = 'The note says in at most 80 characters how the match was settled, like 5–4 on penalties';
export const walkoverNeedsWinner = 'A walkover names the team that turned up';
export const drawInKnockout = (decider: string) => `A knockout match cannot end drawn: name the team that went through (after a ${decider})`;
export const drawNotInSport = (sport: string) => `A ${sport} match cannot end drawn: name the winner`;
export const drawScoreNotLevel = 'A draw has a level score';
export const voidHasNoScore = 'A void match has no score';
export const winnerScoreLower = 'The winner cannot have the lower score';
export const levelScoreIsDraw = 'A level score is a draw here: record a draw';
export const drawRecorded = 'Draw recorded; stakes are being returned';
export const walkoverRecorded = 'Walkover recorded; stakes are being returned';
export const liveScoreSaved = 'Score updated';
export const liveScoreDecided = 'This match has a result: its live score is closed';
export const liveScoreNotStarted = 'This match is waiting for its teams';
export const eventPostponed = 'Match postponed; its bettors are told';
export const postponeNeedsNewTime = 'Give the match its new start time';
export const sportInvalid = 'Choose a sport from the list';
export const confirmAfterInvalid = `Minutes before a referee's result stands must be a whole number from 1 to ${CONFIRM_AFTER_MINUTES_MAX}`;
export const scorerLinkNameInvalid = `Name the link (a court, a day) in at most ${SCORER_LINK_NAME_MAX_LENGTH} characters`;
export const scorerLinkScopeInvalid = `Choose what the link scores: up to ${SCORER_LINK_MATCHES_MAX} matches, or a court and/or a day`;
export const scorerLinkHoursInvalid = `A link lasts from 1 to ${SCORER_LINK_HOURS_MAX} hours`;
export const scorerLinkDayInvalid = 'Give the day as YYYY-MM-DD';
export const scorerLinkCreated = 'Scorer link made: share it with the referee';
export const scorerLinkRevoked = 'Scorer link revoked: it no longer works';
export const scorerLinkNotFound = 'No such scorer link in this tournament';
export const scorerLinksTooMany = `A tournament has at most ${SCORER_LINKS_PER_TOURNAMENT} scorer links: revoke one first`;
export const scorerLinkInvalid = 'This scorer link does not work: it was revoked, it expired, or it is mistyped. Ask the organiser for a new one';
export const scorerMatchNotInLink = 'This scorer link does not reach that match';
export const scorerTooFast = 'Too many taps at once: wait a few seconds, your score is kept';
export const scorerTakenAtInvalid = 'takenAt must be the time of the tap in milliseconds';
export const provisionalRecorded = 'Result sent: it stands once the organiser confirms it';
export const provisionalConfirmed = 'Result confirmed; bets are being settled';
export const provisionalDisputed = 'Result disputed: it waits for your result';
export const noProvisionalResult = 'This match has no referee result waiting';
export const resultPending = "A referee's result is waiting: confirm, correct or dispute it";
export const resultDisputed = "The organiser disputed this match's result: they decide it";
export const scorerMatchNotInTournament = "Choose matches of this tournament for its scorer link";
export const pointsInvalid = 'Points are whole numbers from 0 to 10, more for a win than a draw, and no fewer for a draw than a loss';
export const poolTitle = 'Who lifts the cup?';
export const poolNotFound = 'This tournament has no winner pool: it comes with a generated format';
export const poolClosed = 'The cup pool is closed: no new stakes';
export const poolStakeRefundedClosed = 'The cup pool closed as your stake arrived. Your coins are back in your wallet';
export const poolTeamNotIn = 'That team is not in this tournament';
export const poolTeamOut = 'That team is knocked out: back a team still in the cup';
export const poolAlreadyStaked = 'You already have a stake on this team: one stake per team';
export const poolStakePlaced = 'Stake placed in the cup pool';
export const poolCloseTimeInvalid = 'Give the closing time as a date and time';
export const poolSettingsOneChange = 'Send one change: a closing time, close now, or call off';
export const poolSettingsSaved = 'Cup pool updated';
export const poolCloseInPast = 'The closing time must be in the future: use Close now to close it';
export const poolAlreadyDecided = 'The cup pool is decided already: it can no longer change';
