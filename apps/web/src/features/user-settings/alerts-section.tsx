import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertKind,
  type AlertSettings,
} from '@xtrader/core/alerts/alerts';
import { toast } from 'sonner';
import { Checkbox } from '../../ui/checkbox';
import { TelegramLink } from './telegram-link';

/** Asks the browser for notification permission; resolves whether it is granted. */
async function askPermission(): Promise<boolean> {
  if (typeof Notification !== 'function') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/**
 * User Settings -> Alerts: per kind, whether it plays its cue and whether it reaches the trader away from the
 * screen (a browser notification while the tab is hidden, a Telegram message once linked); the browser
 * notifications switch asks the browser's permission when turned on.
 */
export function AlertsSection({
  value,
  onChange,
}: {
  value: AlertSettings;
  onChange: (value: AlertSettings) => void;
}) {
  const set = (channel: 'sound' | 'notify', kind: AlertKind) => (on: boolean) =>
    onChange({ ...value, [channel]: { ...value[channel], [kind]: on } });
  const switchBrowser = async (on: boolean) => {
    if (on && !(await askPermission())) {
      toast.error('The browser refused notifications: allow them for this site in its settings');
      return;
    }
    onChange({ ...value, browserNotifications: on });
  };
  return (
    <div className="text-xs">
      <table className="w-full">
        <thead className="text-[10px] tracking-wide text-muted uppercase">
          <tr>
            <th className="py-1 text-left font-medium">Alert</th>
            <th className="w-20 py-1 text-center font-medium">Sound</th>
            <th className="w-32 py-1 text-center font-medium">Notify / Telegram</th>
          </tr>
        </thead>
        <tbody>
          {ALERT_KINDS.map((kind) => (
            <tr key={kind} className="border-t border-border/60">
              <td className="py-1">{ALERT_KIND_LABELS[kind]}</td>
              <td className="py-1 text-center">
                <Checkbox
                  checked={value.sound[kind]}
                  onCheckedChange={set('sound', kind)}
                  label=""
                  aria-label={`${ALERT_KIND_LABELS[kind]} sound`}
                />
              </td>
              <td className="py-1 text-center">
                <Checkbox
                  checked={value.notify[kind]}
                  onCheckedChange={set('notify', kind)}
                  label=""
                  aria-label={`${ALERT_KIND_LABELS[kind]} notify`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center justify-between border-t border-border/60 py-1.5">
        <span>Browser notifications (only while this tab is hidden)</span>
        <Checkbox
          checked={value.browserNotifications}
          onCheckedChange={(on) => void switchBrowser(on)}
          label=""
          aria-label="Browser notifications"
        />
      </div>
      <div className="border-t border-border/60">
        <TelegramLink />
      </div>
    </div>
  );
}
