import { REPLAY_SPEEDS, type ReplayDay, type ReplaySpeed, replayLabel } from '@xtrader/core/api/replay';
import { History, Pause, Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useIsPracticeMode } from '../../api/account-queries';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Segmented } from '../../ui/segmented';
import { Select } from '../../ui/select';
import {
  usePauseReplay,
  useReplayDays,
  useReplayState,
  useStartReplay,
  useStopReplay,
} from './replay-requests';

const KIND_LABELS: Record<ReplayDay['kind'], string> = {
  sample: 'sample day',
  simulated: 'simulator',
  own: 'your broker',
  shared: 'recorded 30+ days ago',
};

const SPEED_OPTIONS = REPLAY_SPEEDS.map((speed) => ({ value: String(speed), label: `${speed}x` }));

/** The replayed time of day in IST, as the header's clock would read it then. */
const replayTime = (epochMs: number) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);

/** The header's Replay button (Practice Mode only) and its dialog: pick a day and a speed; pause, resume, stop. */
export function ReplayControl() {
  const practice = useIsPracticeMode();
  const [open, setOpen] = useState(false);
  if (!practice) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label="Session replay">
        <History className="size-3.5" aria-hidden />
        Replay
      </Button>
      <ReplayDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function ReplayDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const days = useReplayDays(open);
  const state = useReplayState(open);
  const start = useStartReplay();
  const stop = useStopReplay();
  const pause = usePauseReplay();
  const [day, setDay] = useState('');
  const [speed, setSpeed] = useState<ReplaySpeed>(10);
  const running = state.data ?? null;
  // The running replay's day, else the newest one.
  const initial = running?.id ?? days.data?.[0]?.id;
  useEffect(() => {
    if (!day && initial) setDay(initial);
  }, [day, initial]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Session replay"
      description="Trade a recorded day as if live: prices, clock, expiry and the intraday square-off follow the replayed day, on a Practice account of its own."
      className="max-w-md"
    >
      {running && (
        <div
          className="mb-3 flex items-center justify-between rounded-md border border-accent/40 bg-accent/10 px-3 py-2 text-xs"
          data-testid="replay-running"
        >
          <div>
            <p className="font-semibold text-fg">{replayLabel(running)}</p>
            <p className="tabular-nums text-muted">Replayed time {replayTime(running.now)} IST</p>
          </div>
          <div className="flex gap-1.5">
            {running.paused ? (
              <Button
                size="sm"
                variant="secondary"
                loading={pause.isPending}
                onClick={() => pause.mutate('resume')}
              >
                <Play className="size-3.5" aria-hidden />
                Resume
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                loading={pause.isPending}
                onClick={() => pause.mutate('pause')}
              >
                <Pause className="size-3.5" aria-hidden />
                Pause
              </Button>
            )}
            <Button size="sm" variant="danger" loading={stop.isPending} onClick={() => stop.mutate()}>
              <Square className="size-3.5" aria-hidden />
              Stop
            </Button>
          </div>
        </div>
      )}
      <div className="grid grid-cols-[5rem_1fr] items-center gap-x-3 gap-y-2.5 text-xs">
        <label htmlFor="replay-day" className="text-muted">
          Day
        </label>
        <Select
          id="replay-day"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          disabled={!days.data}
        >
          {(days.data ?? []).map((each) => (
            <option key={each.id} value={each.id}>
              {each.day} ({KIND_LABELS[each.kind]}, {each.ticks.toLocaleString('en-IN')} ticks)
            </option>
          ))}
        </Select>
        <span className="text-muted">Speed</span>
        <Segmented
          aria-label="Replay speed"
          value={String(speed)}
          options={SPEED_OPTIONS}
          onChange={(value) => setSpeed(Number(value) as ReplaySpeed)}
        />
      </div>
      {days.data?.length === 0 && <p className="mt-2 text-xs text-muted">No recorded day to replay yet.</p>}
      <div className="mt-4 flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
        <Button
          size="sm"
          disabled={!day}
          loading={start.isPending}
          onClick={() => start.mutate({ day, speed })}
        >
          {running ? 'Replay this day instead' : 'Start replay'}
        </Button>
      </div>
    </Dialog>
  );
}
