import { usePositions } from '../../api/portfolio-queries';
import { useLiveIntradayMtm } from '../../live/live-pnl';

/**
 * The figure profit protection watches (core's intraday MTM, the same the server acts on) at live prices, from
 * the one live P&L store. Undefined until positions are known.
 */
export function useIntradayMtm(): number | undefined {
  return useLiveIntradayMtm(usePositions().data?.netPosition);
}
