// Web Push: the caller's devices (subscribe, list, remove) and sending a push to each device of a user.
// Requests are built by the web-push library (VAPID JWT, RFC 8291 aes128gcm encryption) and sent with
// fetch: only to allow-listed push services (push-endpoints.ts, checked again before each send), never
// following a redirect. A subscription is sent to only while the session that created it is open; the push
// service's 404/410 (the browser dropped it) removes it.
import webpush from 'web-push';
import { PUSH_DEVICE_LIMIT, type PushDevice, type PushPayload } from '#shared/push.ts';
import { config } from '#functions/lib/config.ts';
import { errorFields, log } from '#functions/lib/logger.ts';
import { pushTestService, vapidKeys } from '#functions/lib/push-config.ts';
import * as subscriptions from '#functions/data/push-subscriptions.ts';
import * as sessions from '#functions/data/sessions.ts';
import { deviceLabel } from './device-label.ts';
import { DomainError } from './errors.ts';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push service gets this long to take a request. */
const SEND_TIMEOUT_MS = 10_000;

export async function pushPublicKey(): Promise<string> {
  return (await vapidKeys()).publicKey;
}

/** The browser's keys as RFC 8291 needs them: an uncompressed P-256 point and a 16-byte secret. */
function keysAreValid({ p256dh, auth }: SubscriptionInput['keys']): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

const toDevice = (subscription: subscriptions.PushSubscriptionRecord, currentEndpoint?: string): PushDevice => ({
  id: subscription.subscriptionId,
  label: subscription.label,
  createdAt: subscription.createdAt,
  current: subscription.endpoint === currentEndpoint,
});

/** Stores the caller's device's subscription (again: replaced), tied to the caller's session. */
export async function subscribe(caller: { userId: string; sessionId: string }, input: SubscriptionInput, userAgent: string | undefined): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.endpoint, pushTestService())) throw new DomainError('push-endpoint-not-allowed');
  if (!keysAreValid(input.keys)) throw new DomainError('push-keys-invalid');
  const subscriptionId = subscriptions.subscriptionIdOf(input.endpoint);
  const existing = await subscriptions.listSubscriptions(caller.userId);
  if (!existing.some((s) => s.subscriptionId === subscriptionId) && existing.length >= PUSH_DEVICE_LIMIT) throw new DomainError('push-device-limit');
  const record: subscriptions.PushSubscriptionRecord = {
    userId: caller.userId,
    subscriptionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    sessionId: caller.sessionId,
    label: deviceLabel(userAgent),
    createdAt: new Date().toISOString(),
  };
  await subscriptions.saveSubscription(record);
  return toDevice(record, input.endpoint);
}

/** Removes one of the caller's devices, named by its endpoint or its id; removing one already gone is fine. */
export async function unsubscribe(userId: string, device: { endpoint: string } | { id: string }): Promise<{ removed: boolean }> {
  const id = 'endpoint' in device ? subscriptions.subscriptionIdOf(device.endpoint) : device.id;
  return { removed: await subscriptions.deleteSubscription(userId, id) };
}

/** The caller's devices, newest first; `current` marks the one whose endpoint is passed. */
export async function listDevices(userId: string, currentEndpoint?: string): Promise<PushDevice[]> {
  const all = await subscriptions.listSubscriptions(userId);
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((s) => toDevice(s, currentEndpoint));
}

/** Drops the subscriptions the ended session created (logout, password change or reset, a revoked family, expiry). */
export async function dropSessionSubscriptions(userId: string, sessionId: string): Promise<number> {
  const doomed = (await subscriptions.listSubscriptions(userId)).filter((s) => s.sessionId === sessionId);
  await Promise.all(doomed.map((s) => subscriptions.deleteSubscription(userId, s.subscriptionId)));
  return doomed.length;
}

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device; a reminder is no use after the match starts. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushReport {
  sent: number;
  /** Subscriptions removed: the push service no longer has them (404/410), or their session ended. */
  dropped: number;
  /** Sends that failed for a reason worth trying again (a 429 or 5xx, no answer). */
  failed: number;
  /** Sends the push service refused for good (400, 403, 413, a redirect): logged, not tried again. */
  refused: number;
}

type Outcome = keyof PushReport;

/** Sends `payload` to every device of the user. Never throws for one device; `failed` counts retryable failures. */
export async function pushToUser(userId: string, payload: PushPayload, options: PushOptions): Promise<PushReport> {
  const report: PushReport = { sent: 0, dropped: 0, failed: 0, refused: 0 };
  const devices = await subscriptions.listSubscriptions(userId);
  if (!devices.length) return report;
  const keys = await vapidKeys();
  const body = JSON.stringify(payload);
  const outcomes = await Promise.all(devices.map((device) => pushToDevice(device, body, options, keys)));
  for (const outcome of outcomes) report[outcome]++;
  return report;
}

async function pushToDevice(device: subscriptions.PushSubscriptionRecord, body: string, options: PushOptions, keys: { publicKey: string; privateKey: string }): Promise<Outcome> {
  const fields = { userId: device.userId, subscriptionId: device.subscriptionId };
  try {
    const open = await sessions.getOpenSession(device.sessionId, device.userId);
    // Stored before the allow-list or the session rule existed, or its session ended: never sent to again.
    if (!open || !isAllowedPushEndpoint(device.endpoint, pushTestService())) {
      await subscriptions.deleteSubscription(device.userId, device.subscriptionId);
      return 'dropped';
    }
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
      vapidDetails: { subject: `mailto:${config().mailFrom}`, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    });
    const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (answer.status >= 200 && answer.status < 300) return 'sent';
    if (answer.status === 404 || answer.status === 410) {
      await subscriptions.deleteSubscription(device.userId, device.subscriptionId);
      log('info', 'push subscription gone: removed', { ...fields, status: answer.status });
      return 'dropped';
    }
    if (answer.status === 429 || answer.status >= 500) {
      log('warn', 'push service busy or failing', { ...fields, status: answer.status });
      return 'failed';
    }
    // 400, 403 (a key the subscription was not made with), 413, a redirect: sending again would not help.
    log('error', 'push refused by the push service', { ...fields, status: answer.status });
    return 'refused';
  } catch (error) {
    log('warn', 'push failed', { ...fields, ...errorFields(error) });
    return 'failed';
  }
}
