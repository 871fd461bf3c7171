// This device's push switch: whether push can be on here (browser support, the permission), whether it is,
// and turning it on (permission asked only then, on the user's tap; never on load) or off (the browser's
// subscription ended and the server told).
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { PushDevice } from '#shared/push.ts';
import { getPushPublicKey, listPushDevices, removePushDevice, savePushSubscription } from './api.ts';

export type PushAvailability = 'checking' | 'unsupported' | 'no-worker' | 'blocked' | 'available';

/** How long to wait for the app's service worker (it registers after the page loads). */
const WORKER_WAIT_MS = 10_000;

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export function usePush() {
  const [availability, setAvailability] = useState<PushAvailability>('checking');
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const endpoint = subscription?.endpoint;
  const devices = useSWR<PushDevice[]>(['push-devices', endpoint ?? ''], () => listPushDevices(endpoint));

  useEffect(() => {
    if (!supported()) return setAvailability('unsupported');
    let cancelled = false;
    void (async () => {
      let registration = await workerRegistration();
      if (cancelled) return;
      if (!registration) {
        // Said so meanwhile; the worker may still come (a slow first load).
        setAvailability('no-worker');
        registration = await navigator.serviceWorker.ready;
        if (cancelled) return;
      }
      setSubscription(await registration.pushManager.getSubscription());
      setAvailability(Notification.permission === 'denied' ? 'blocked' : 'available');
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // On in this browser but unknown to the server (the session that turned it on ended, e.g. a log-out and
  // back in): saved again under this session.
  const { data: list, mutate } = devices;
  useEffect(() => {
    if (subscription && list && !list.some((d) => d.current)) void savePushSubscription(subscription.toJSON()).then(() => mutate(), () => {});
  }, [subscription, list, mutate]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setAvailability(permission === 'denied' ? 'blocked' : 'available');
        return false;
      }
      const registration = await navigator.serviceWorker.ready;
      const created = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await getPushPublicKey()) });
      await savePushSubscription(created.toJSON());
      setSubscription(created);
      await devices.mutate();
      return true;
    } finally {
      setBusy(false);
    }
  }, [devices]);

  const turnOff = useCallback(async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      await removePushDevice({ endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      await devices.mutate();
    } finally {
      setBusy(false);
    }
  }, [subscription, devices]);

  const removeDevice = useCallback(
    async (device: PushDevice) => {
      if (device.current) return turnOff();
      await removePushDevice({ id: device.id });
      await devices.mutate();
    },
    [turnOff, devices],
  );

  return { availability, isOn: !!subscription, busy, turnOn, turnOff, devices: devices.data ?? null, removeDevice };
}
