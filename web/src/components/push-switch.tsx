// 'Push notifications' (on the notifications page and, compact, in the avatar menu): this device's switch,
// why it cannot be on when it cannot (and what to do: on an iPhone, add the app to the Home Screen), and
// the user's devices with push on, each removable.
import { useId } from 'react';
import { formatDateTime } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from './button.tsx';
import { Switch } from './switch.tsx';
import { isApiError } from '../lib/api-client.ts';
import { serverErrorMessage } from '../lib/error-message.ts';
import { toast } from '../lib/toast.ts';
import { PUSH_SUPPORT_ADVICE } from '../lib/push/push-support.ts';
import { usePush, type PushAvailability } from '../lib/push/use-push.ts';
import './push-switch.css';

const WHY_NOT: Partial<Record<PushAvailability, string>> = {
  ...PUSH_SUPPORT_ADVICE,
  'no-worker': 'Push needs the installed app: reload the page once it has loaded fully.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser\'s site settings, then come back here.',
};

/** Where this browser can never turn push on: a tap on the switch says why instead of doing nothing. */
const CANNOT: readonly PushAvailability[] = ['unsupported', 'needs-home-screen'];

/**
 * Runs an action, showing the server's message when it refused, and `browserFailed` when the browser
 * itself failed (its permission prompt or push service), never a bare 'Something went wrong'.
 */
const reporting = (action: () => Promise<unknown>, browserFailed: string) => async () => {
  try {
    await action();
  } catch (failure) {
    // An unreachable server (null) was already told by the API client.
    const message = isApiError(failure) ? serverErrorMessage(failure, {}) : browserFailed;
    if (message) toast.error(message);
  }
};

export function PushSwitch({ compact = false }: { compact?: boolean }) {
  const push = usePush();
  const whyId = useId();
  const unavailable = WHY_NOT[push.availability];
  const cannot = CANNOT.includes(push.availability);
  const toggle = cannot
    ? () => toast.info(unavailable!)
    : reporting(
        async () => {
          if (push.isOn) return push.turnOff();
          if (!(await push.turnOn())) toast.error(WHY_NOT.blocked!);
        },
        push.isOn ? 'Could not change push notifications. Try again.' : MSG.pushTurnOnFailed,
      );
  return (
    <div className={compact ? 'push-switch is-compact' : 'push-switch'}>
      <Switch
        checked={push.isOn}
        busy={push.busy}
        disabled={push.availability === 'checking' || (!!unavailable && !cannot)}
        describedBy={unavailable ? whyId : undefined}
        unavailable={cannot}
        onToggle={() => void toggle()}
      >
        Push notifications
      </Switch>
      {unavailable && (
        <p id={whyId} className="push-why">
          {unavailable}
        </p>
      )}
      {compact ? null : <PushDevices push={push} offerHint={!cannot} />}
    </div>
  );
}

/** The user's devices with push on (other ones too, where this browser cannot have it), or what it is for. */
function PushDevices({ push, offerHint }: { push: ReturnType<typeof usePush>; offerHint: boolean }) {
  if (!push.devices?.length) {
    return offerHint ? <p className="push-note">Turn it on to hear about results, payouts and matches about to close, even with the app closed.</p> : null;
  }
  return (
    <ul className="push-devices" aria-label="Devices with push on">
      {push.devices.map((device) => (
        <li key={device.id} className="push-device">
          <span className="push-device-name">
            {device.label}
            {device.current && <span className="push-device-current"> (this device)</span>}
          </span>
          <span className="push-device-since">since {formatDateTime(device.createdAt)}</span>
          <Button variant="secondary" className="push-device-remove" onClick={() => void reporting(() => push.removeDevice(device), 'Could not remove the device. Try again.')()} aria-label={`Remove ${device.label}${device.current ? ' (this device)' : ''}`}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
