import { practicePricesText } from '@xtrader/core/api/market-feed';
import { useState } from 'react';
import { useIsPracticeMode } from '../../api/account-queries';
import { useFeedStatus } from '../../api/feed-status-query';
import { ConfirmDialog } from '../../ui/dialog';
import { Switch } from '../../ui/switch';
import { useSetPracticeMode } from './practice-requests';

const PRACTICE_CONFIRM_TITLE = 'Start Practice Mode ?';
const PRACTICE_CONFIRM_TEXT = 'Trade with virtual money & data delayed by 5 seconds';
/** Practice Mode's delay line: every price 5 s late. */
const PRACTICE_DELAY_MS = 5000;

/** The header's Practice Mode switch: on asks first, then starts and reloads; off stops and reloads. */
export function PracticeModeSwitch() {
  const practice = useIsPracticeMode();
  const [confirming, setConfirming] = useState(false);
  const mode = useSetPracticeMode();
  // Which prices Practice Mode fills at, said before it starts (the simulator's are never mistaken for the market).
  const { data: feed } = useFeedStatus();
  const pricesText = practicePricesText(feed?.practice ?? null, PRACTICE_DELAY_MS);
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
        description={`${PRACTICE_CONFIRM_TEXT}. ${pricesText}`}
        confirmLabel="Start"
        loading={mode.isPending}
        onConfirm={() => mode.mutate('start')}
      />
    </div>
  );
}
