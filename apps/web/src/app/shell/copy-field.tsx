import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** A read-only URL with a copy button (the Kite app's postback and redirect URLs). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(value).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => {},
    );
  return (
    <div>
      <span className="mb-1 block text-[11px] font-medium text-muted">{label}</span>
      <div className="flex h-8 items-center rounded-md border border-border bg-surface-2">
        <input
          readOnly
          aria-label={label}
          value={value}
          className="min-w-0 flex-1 bg-transparent px-2 font-mono text-[11px] text-fg focus:outline-none"
        />
        <button
          type="button"
          onClick={copy}
          aria-label={`Copy ${label}`}
          className="grid h-full w-8 place-items-center border-l border-border text-muted hover:text-fg"
        >
          {copied ? (
            <Check className="size-3.5 text-buy" aria-hidden />
          ) : (
            <Copy className="size-3.5" aria-hidden />
          )}
        </button>
      </div>
    </div>
  );
}
