import { TOOLTIP_DELAY_MS } from '@xtrader/core/constants';
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** A hover/focus hint, opening after 700 ms. `children` must be a focusable element. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md border border-border-strong bg-surface-3 px-2 py-1 text-xs text-fg shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-surface-3" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
