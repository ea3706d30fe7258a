import type { Position } from '@xtrader/core/api/portfolio';
import { formatNumber } from '@xtrader/core/format/format';
import { useLiveTotalPnl } from '../../live/live-pnl';
import { LiveText } from '../../ui/live-text';
import { PnlText } from './pnl-text';

/**
 * The day's P&L of the listed positions before charges, their charges and the net, when the broker reports
 * charges (Practice Mode); nothing otherwise.
 */
export function ChargesStrip({ positions }: { positions: readonly Position[] }) {
  const gross = useLiveTotalPnl(positions);
  if (!positions.some((p) => p.charges !== undefined)) return null;
  const charges = positions.reduce((sum, p) => sum + (p.charges ?? 0), 0);
  return (
    <section
      aria-label="Positions P&L after charges"
      className="ml-auto flex items-center gap-4 text-xs text-muted"
    >
      <span>
        Gross P&L{' '}
        <LiveText width="w-24" className="inline-block font-mono">
          <PnlText value={gross} />
        </LiveText>
      </span>
      <span>
        Charges <span className="font-mono text-warn">{formatNumber(charges)}</span>
      </span>
      <span>
        Net P&L{' '}
        <LiveText width="w-24" className="inline-block font-mono">
          <PnlText value={gross - charges} />
        </LiveText>
      </span>
    </section>
  );
}
