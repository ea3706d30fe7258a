import type { UnclosedPosition } from '@xtrader/core/api/profit-protection';
import { formatRupee } from '@xtrader/core/format/format';
import type { KillRecord } from './record';

const TRIGGER_TEXT: Record<KillRecord['trigger'], string> = {
  target_reached: 'target profit reached',
  max_loss_hit: 'max loss hit',
};

const unclosedText = (position: UnclosedPosition) =>
  `${position.tradingSymbol} (${position.quantity}): ${position.reason}`;

/** The line a trader reads in the notification and in GET: what fired, and what (if anything) is still open. */
export function outcomeMessage(
  kill: Pick<KillRecord, 'trigger' | 'mtm' | 'status' | 'unclosed'>,
  error?: string,
): string {
  const fired = `Profit protection: ${TRIGGER_TEXT[kill.trigger]} at MTM ${formatRupee(kill.mtm)}.`;
  if (error) return `${fired} ${error}.`;
  switch (kill.status) {
    case 'squaring_off':
      return `${fired} Squaring off intraday positions.`;
    case 'completed':
      return `${fired} Open orders cancelled and all intraday positions squared off.`;
    case 'incomplete':
      return `${fired} Could not close ${kill.unclosed.map(unclosedText).join('; ')}.`;
  }
}
