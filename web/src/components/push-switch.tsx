// 'Push notifications' (on the notifications page and, compact, in the avatar menu): this device's switch,
// why it cannot be on when it cannot, and the user's devices with push on, each removable.
import { formatDateTime } from '#shared/format.ts';
import { Button } from './button.tsx';
import { Switch } from './switch.tsx';
import { serverErrorMessage } from '../lib/error-message.ts';
import { toast } from '../lib/toast.ts';
import { usePush, type PushAvailability } from '../lib/push/use-push.ts';
import './push-switch.css';

const WHY_NOT: Partial<Record<PushAvailability, string>> = {
  unsupported: 'This browser cannot receive push notifications. On an iPhone, add the app to your home screen first.',
  'no-worker': 'Push needs the installed app: reload the page once it has loaded fully.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser\'s site settings, then come back here.',
};

/** Runs an action, showing the server's message (or a plain one) when it fails. */
const reporting = (action: () => Promise<unknown>) => async () => {
  try {
    await action();
  } catch (failure) {
    toast.error(serverErrorMessage(failure, {}) || 'Could not change push notifications. Try again.');
  }
};

export function PushSwitch({ compact = false }: { compact?: boolean }) {
  const push = usePush();
  const unavailable = WHY_NOT[push.availability];
  const toggle = reporting(async () => {
    if (push.isOn) return push.turnOff();
    if (!(await push.turnOn())) toast.error(WHY_NOT.blocked!);
  });
  return (
    <div className={compact ? 'push-switch is-compact' : 'push-switch'}>
      <Switch checked={push.isOn} busy={push.busy} disabled={push.availability === 'checking' || !!unavailable} onToggle={() => void toggle()}>
        Push notifications
      </Switch>
      {unavailable && <p className="push-why">{unavailable}</p>}
      {compact ? null : <PushDevices push={push} />}
    </div>
  );
}

function PushDevices({ push }: { push: ReturnType<typeof usePush> }) {
  if (!push.devices?.length) return <p className="push-note">Turn it on to hear about results, payouts and matches about to close, even with the app closed.</p>;
  return (
    <ul className="push-devices" aria-label="Devices with push on">
      {push.devices.map((device) => (
        <li key={device.id} className="push-device">
          <span className="push-device-name">
            {device.label}
            {device.current && <span className="push-device-current"> (this device)</span>}
          </span>
          <span className="push-device-since">since {formatDateTime(device.createdAt)}</span>
          <Button variant="secondary" className="push-device-remove" onClick={() => void reporting(() => push.removeDevice(device))()} aria-label={`Remove ${device.label}${device.current ? ' (this device)' : ''}`}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
