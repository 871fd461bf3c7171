// Behaviour of the one-digit OTP boxes, kept pure so it can be unit-tested.

export interface OtpChange {
  digits: string[];
  /** The box to focus next. */
  focusIndex: number;
}

export const emptyOtp = (length: number) => Array.from({ length }, () => '');

export const isOtpComplete = (digits: string[]) => digits.every((d) => /^\d$/.test(d));

/**
 * Typing into box `index`: keeps only digits; one digit fills the box and moves on, several (a paste or
 * an SMS autofill) fill the following boxes in order. Non-digits change nothing.
 */
export function enterDigits(digits: string[], index: number, typed: string): OtpChange {
  const incoming = typed.replace(/\D/g, '');
  if (!incoming) return { digits, focusIndex: index };
  // A box that already held a digit receives "old+new": the newest digit wins.
  const chars = incoming.length === 2 && digits[index] && incoming[0] === digits[index] ? incoming.slice(1) : incoming;
  const next = [...digits];
  let position = index;
  for (const char of chars) {
    if (position >= next.length) break;
    next[position] = char;
    position += 1;
  }
  return { digits: next, focusIndex: Math.min(position, next.length - 1) };
}

/** Backspace in box `index`: clears a filled box; on an empty box, moves to the previous one and clears it. */
export function eraseDigit(digits: string[], index: number): OtpChange {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focusIndex: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { digits: next, focusIndex: previous };
}
