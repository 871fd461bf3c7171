// Outcomes the domain refuses, by name. The HTTP layer maps each to the spec's status and message
// (functions/lib/error-map.ts), so the domain stays free of HTTP.
export type DomainErrorCode =
  | 'unauthorized'
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
  | 'avatar-required'
  | 'avatar-too-large'
  | 'avatar-bad-type';

export class DomainError extends Error {
  constructor(readonly code: DomainErrorCode) {
    super(code);
    this.name = 'DomainError';
  }
}
