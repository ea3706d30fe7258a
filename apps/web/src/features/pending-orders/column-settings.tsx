import { Columns3 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Checkbox } from '../../ui/checkbox';
import { setPendingColumnVisible } from './use-pending-columns';

/** Shows or hides the optional pending-order columns (kept in the persisted settings). */
export function ColumnSettings() {
  const columns = useTradingSettings((s) => s.orderTableState.pendingOrders.columns);
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex h-7 items-center gap-1.5 rounded-md border border-border px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg">
        <Columns3 className="size-3.5" aria-hidden />
        Columns
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="z-50 w-48 rounded-md border border-border bg-surface p-2 shadow-xl"
        >
          <p className="mb-1.5 text-[10px] font-semibold tracking-wider text-muted uppercase">
            Optional columns
          </p>
          <div className="flex flex-col gap-1.5">
            {columns
              .filter((column) => column.isOptional)
              .map((column) => (
                <Checkbox
                  key={column.key}
                  checked={column.visible}
                  onCheckedChange={(visible) => setPendingColumnVisible(column.key, visible)}
                  label={column.label}
                />
              ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
