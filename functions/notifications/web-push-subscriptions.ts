// Web Push: the caller's devices (subscribe, list, remove) and the public key they subscribe with. Sending
// is web-push-delivery.ts: only the functions that send bundle the web-push library it needs (the
// per-function bundle budget, tests/infra/bundle-size.test.ts).
import { PUSH_DEVICE_LIMIT, type PushDevice } from '#shared/push.ts';
import { lostTransactionRace } from '#functions/platform/dynamodb.ts';
import { pushTestService, vapidKeys } from '#functions/platform/push-config.ts';
import * as subscriptions from '#functions/data/push-subscriptions.ts';
import { deviceLabel } from './device-label.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { isAllowedPushEndpoint } from './web-push-endpoints.ts';
import { arePushKeysValid } from './web-push-keys.ts';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export async function pushPublicKey(): Promise<string> {
  return (await vapidKeys()).publicKey;
}

const toDevice = (subscription: subscriptions.PushSubscriptionRecord, currentEndpoint?: string): PushDevice => ({
  id: subscription.subscriptionId,
  label: subscription.label,
  createdAt: subscription.createdAt,
  current: subscription.endpoint === currentEndpoint,
});

/** Stores the caller's device's subscription (again: replaced), tied to the caller's session; at most PUSH_DEVICE_LIMIT, even when racing. */
export async function subscribe(caller: { userId: string; sessionId: string }, input: SubscriptionInput, userAgent: string | undefined): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.endpoint, pushTestService())) throw new DomainError('push-endpoint-not-allowed');
  if (!arePushKeysValid(input.keys)) throw new DomainError('push-keys-invalid');
  const subscriptionId = subscriptions.subscriptionIdOf(input.endpoint);
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
  try {
    if ((await subscriptions.saveSubscription(record, PUSH_DEVICE_LIMIT)) === 'limit') throw new DomainError('push-device-limit');
  } catch (error) {
    // Still losing to the user's other devices' writes after the client's retries: nothing was stored.
    if (lostTransactionRace(error)) throw new DomainError('settings-busy');
    throw error;
  }
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
