import { marketProtectionFraction } from '@xtrader/core/orders/price-rules';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useExitAllPositions } from '../../api/order-actions';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';

const EXIT_ALL_QUESTION = 'Are you absolutely sure, you want to exit all your open positions ?';

/** Exit All: after confirmation, squares off every position with the exit-all market protection. */
export function ExitAllButton() {
  const [open, setOpen] = useState(false);
  const exitAll = useExitAllPositions();
  const protection = useTradingSettings((s) => s.userSettingsState.exitAllMarketProtection);
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)}>
        <LogOut className="size-3.5" aria-hidden />
        Exit All
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Exit All"
        description={EXIT_ALL_QUESTION}
        confirmLabel="Exit All"
        variant="danger"
        loading={exitAll.isPending}
        onConfirm={() =>
          exitAll.mutate(
            { marketProtection: marketProtectionFraction(protection) },
            { onSettled: () => setOpen(false) },
          )
        }
      />
    </>
  );
}
