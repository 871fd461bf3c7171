// Outcomes the domain refuses, by name. The HTTP layer maps each to the spec's status and message
// (functions/lib/error-map.ts), so the domain stays free of HTTP.
export type DomainErrorCode =
  | 'unauthorized'
  | 'push-endpoint-not-allowed'
  | 'push-keys-invalid'
  | 'push-device-limit'
  | 'user-already-registered'
  | 'user-not-registered'
  | 'user-not-found'
  | 'incorrect-password'
  | 'email-not-verified'
  | 'login-throttled'
  | 'codes-rate-limited'
  | 'verification-expired'
  | 'verification-invalid'
  | 'otp-wrong'
  | 'otp-unusable'
  | 'otp-used-up'
  | 'avatar-required'
  | 'avatar-too-large'
  | 'avatar-bad-type'
  | 'cash-betting-disabled'
  | 'bet-amount-not-whole'
  | 'bet-below-minimum'
  | 'bet-amount-out-of-range'
  | 'event-not-found'
  | 'team-not-in-event'
  | 'betting-closed'
  | 'bet-refunded-closed'
  | 'not-enough-coins'
  | 'already-bet'
  | 'bet-not-found'
  | 'wallet-busy'
  | 'withdrawal-pending'
  | 'not-enough-cash'
  | 'credit-amount-invalid'
  | 'tournament-not-found'
  | 'team-not-found'
  | 'event-not-decided'
  | 'result-conflict'
  | 'withdrawal-not-found'
  | 'withdrawal-not-pending'
  | 'notification-not-found'
  | 'group-not-found'
  | 'invite-invalid'
  | 'too-many-groups'
  | 'group-full'
  | 'not-group-creator'
  | 'group-changed';

export class DomainError extends Error {
  constructor(readonly code: DomainErrorCode) {
    super(code);
    this.name = 'DomainError';
  }
}
