// The business metrics: written by the functions (functions/platform/metrics.ts, CloudWatch embedded metric
// format) and read by the stack's dashboard (infra/constructs/dashboard.ts), so both name them alike.

/** CloudWatch namespace of every metric of ours (the stack's log metric filters use it too). */
export const METRICS_NAMESPACE = 'BetPlayWin';
/** The Powertools service name: the `service` field of every log line and dimension of every metric. */
export const SERVICE_NAME = 'bet-play-win';
/** The dimension that tells refusals apart (a DomainError code, e.g. `betting-closed`). */
export const REASON_DIMENSION = 'reason';

export const METRIC = {
  /** Bets accepted (201). */
  betsPlaced: 'BetsPlaced',
  /** Bets refused, by `reason`: the domain's refusal code (not-enough-coins, betting-closed, wallet-busy…). */
  betsRefused: 'BetsRefused',
  /** Coins staked by the accepted bets. */
  coinsStaked: 'CoinsStaked',
  /** How long one event's settlement took (ms), one value per settled event. */
  settlementDuration: 'SettlementDuration',
  /** Bets one settlement settled, one value per event. */
  betsSettled: 'BetsSettled',
  /** Bets the late sweep settled: a bet whose own function was cut off before it could refund itself. */
  betsSwept: 'BetsSwept',
  /** Messages posted to a WebSocket (the metric names keep their deployed "Pushes…", which dashboards read). */
  socketPostsSent: 'PushesSent',
  /** Posts that failed (an error from the Management API). */
  socketPostsFailed: 'PushesFailed',
  /** Posts to a connection API Gateway no longer had (410; the record is then removed). */
  socketPostsGone: 'PushesGone',
  /** Web Push requests a push service accepted (a notification or a betting reminder to one device). */
  webPushesSent: 'WebPushesSent',
  /** Web Push subscriptions dropped instead of sent to: their session ended, their endpoint or keys are not valid, or the push service refused them for good (404/410, 400, 403, 413…). */
  webPushesDropped: 'WebPushesDropped',
  /** Web Push requests that failed for a reason that may pass (the device is kept): the push service busy or failing (408, 429, 5xx), no answer. */
  webPushesFailed: 'WebPushesFailed',
  /** Logins refused for wrong credentials (unknown email, wrong password, unverified email). */
  loginsFailed: 'LoginsFailed',
  /** Logins refused because the account (or this browser's attempt budget) is locked after failures. */
  loginsThrottled: 'LoginsThrottled',
} as const;
