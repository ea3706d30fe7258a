import { useOrderActivity } from '../../state/order-activity';
import { Spinner } from '../../ui/spinner';

/** 'Placing...' while order requests are on the wire, then 'Awaiting fill' until the execution is notified. */
export function OrderActivityBadge() {
  const placing = useOrderActivity((s) => s.placing);
  const awaiting = useOrderActivity((s) => s.awaitingExecution);
  if (placing > 0)
    return (
      <span className="inline-flex items-center gap-1 text-[11px] text-muted">
        <Spinner className="size-3" label="Placing order" /> Placing...
      </span>
    );
  if (awaiting > 0) return <span className="text-[11px] text-warn">Awaiting fill ({awaiting})</span>;
  return null;
}
