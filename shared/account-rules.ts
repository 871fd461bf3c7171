// Rules of account fields that the server's schemas (shared/schemas.ts) and the web forms both apply,
// so the browser and the server agree: a user name is visible text, a new password has bounded length.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';
import { isVisibleText } from './names.ts';

/**
 * Refused anywhere in a name: control characters (Cc), format characters (Cf: zero-width spaces and
 * joiners, bidi overrides and marks, soft hyphens, word joiners), line and paragraph separators (Zl,
 * Zp), and the Hangul fillers (letters to Unicode, but drawn as nothing).
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;


const USER_NAME_MESSAGES = {
  tooShort: MSG.userNameTooShort,
  tooLong: MSG.userNameTooLong,
  hiddenCharacters: MSG.userNameHiddenCharacters,
  notVisible: MSG.userNameNotVisible,
};

/** Group names follow the user-name rules, with messages that name a group. */
const GROUP_NAME_MESSAGES: typeof USER_NAME_MESSAGES = {
  tooShort: MSG.groupNameTooShort,
  tooLong: MSG.groupNameTooLong,
  hiddenCharacters: MSG.groupNameHiddenCharacters,
  notVisible: MSG.groupNameNotVisible,
};

function nameProblem(name: string, messages: typeof USER_NAME_MESSAGES): string | null {
  if (name.length < USER_NAME_MIN_LENGTH) return messages.tooShort;
  if (name.length > USER_NAME_MAX_LENGTH) return messages.tooLong;
  if (HIDDEN_CHARACTER.test(name)) return messages.hiddenCharacters;
  if (!isVisibleText(name)) return messages.notVisible;
  return null;
}

/** The first rule a user name (already trimmed) breaks, as the message to show, or null. */
export const userNameProblem = (userName: string) => nameProblem(userName, USER_NAME_MESSAGES);

/** The first rule a group name (already trimmed) breaks, or null. */
export const groupNameProblem = (groupName: string) => nameProblem(groupName, GROUP_NAME_MESSAGES);

/** The first rule a new password breaks, or null. Its length is checked as typed, before any normalisation. */
export function newPasswordProblem(password: string): string | null {
  if (!password) return MSG.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MSG.passwordTooLong;
  return null;
}
