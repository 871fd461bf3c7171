// The notifications page's 'Alerts with the app closed' card: this device's push switch and the user's
// devices with push on (components/push-switch.tsx).
import { PushSwitch } from '../../components/push-switch.tsx';

export function PushSettings() {
  return (
    <section className="card push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className="push-settings-title">
        Alerts with the app closed
      </h2>
      <PushSwitch />
    </section>
  );
}
