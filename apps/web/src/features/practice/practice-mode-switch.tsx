import { useState } from 'react';
import { useIsPracticeMode } from '../../api/account-queries';
import { ConfirmDialog } from '../../ui/dialog';
import { Switch } from '../../ui/switch';
import { useSetPracticeMode } from './practice-requests';

const PRACTICE_CONFIRM_TITLE = 'Start Practice Mode ?';
const PRACTICE_CONFIRM_TEXT = 'Trade with virtual money & data delayed by 5 seconds';
/** Practice Mode trades on the built-in simulator's prices (docs/market-data.md): never mistaken for the market. */
const PRACTICE_PRICES_TEXT = 'Simulated prices: not the market’s.';

/** The header's Practice Mode switch: on asks first, then starts and reloads; off stops and reloads. */
export function PracticeModeSwitch() {
  const practice = useIsPracticeMode();
  const [confirming, setConfirming] = useState(false);
  const mode = useSetPracticeMode();
  return (
    <div className="flex items-center gap-2">
      <Switch
        aria-label="Practice Mode"
        checked={practice}
        disabled={mode.isPending}
        onCheckedChange={(on) => (on ? setConfirming(true) : mode.mutate('stop'))}
      />
      <span className={practice ? 'text-xs font-semibold text-warn' : 'text-xs text-muted'}>
        Practice Mode
      </span>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PRACTICE_CONFIRM_TITLE}
        description={`${PRACTICE_CONFIRM_TEXT}. ${PRACTICE_PRICES_TEXT}`}
        confirmLabel="Start"
        loading={mode.isPending}
        onConfirm={() => mode.mutate('start')}
      />
    </div>
  );
}
