import { ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import type { InstrumentPickerProps } from '../follow-up/follow-up-table';
import { InstrumentSearch } from '../instrument-search/instrument-search';

const OPTIONS_ONLY = { instrumentType: ['CE' as const, 'PE' as const] };

/**
 * A follow-up row's instrument: its name, and on click the instrument search (300 ms debounce, pages of 20) in a
 * popover; choosing a result sets the row and closes it. Composed here so the two features stay independent.
 */
export function FollowUpInstrumentPicker({ label, value, disabled, onSelect }: InstrumentPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        disabled={disabled}
        className="flex h-6 w-full min-w-0 items-center justify-between gap-1 rounded px-1 text-left text-xs text-fg hover:bg-surface-2 disabled:pointer-events-none"
      >
        <span className="truncate">{value?.identifier ?? 'Choose instrument'}</span>
        <ChevronDown className="size-3 shrink-0 text-muted" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-80 rounded-md border border-border bg-surface p-2 shadow-xl"
        >
          <InstrumentSearch
            autoFocus
            filters={OPTIONS_ONLY}
            placeholder="Search options, e.g. BANKNIFTY 59000 CE"
            onSelect={(instrument) => {
              onSelect(instrument);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
