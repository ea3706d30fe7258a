import type { JournalTrade } from '@xtrader/core/api/journal';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { toastError } from '../../api/toast-error';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { useSaveTradeNotes } from './journal-requests';

/** Tags as typed: separated by commas or spaces, empty ones dropped. */
export const parseTags = (text: string): string[] =>
  text
    .split(/[,\s]+/)
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);

/**
 * The note and tags of one round trip, edited in place and saved on the server. Enter in the tags (Ctrl+Enter in
 * the note) saves; Escape closes without saving.
 */
export function TradeNotesEditor({ trade, onClose }: { trade: JournalTrade; onClose: () => void }) {
  const [note, setNote] = useState(trade.note);
  const [tags, setTags] = useState(trade.tags.join(', '));
  const save = useSaveTradeNotes();
  const tagsId = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    save.mutate(
      { tradeId: trade.tradeId, note, tags: parseTags(tags) },
      {
        onSuccess: () => {
          toast.success('Note saved');
          onClose();
        },
        onError: (error) => toastError(error, 'Could not save the note'),
      },
    );
  };
  return (
    <form
      aria-label={`Notes of ${trade.tradingSymbol}`}
      className="flex flex-wrap items-start gap-2 py-2"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex w-56 flex-col gap-1">
        <label htmlFor={tagsId} className="text-[10px] font-medium tracking-wide text-muted uppercase">
          Tags
        </label>
        <Input
          id={tagsId}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          placeholder="breakout, A+"
          className="h-8 text-xs"
        />
      </div>
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-[10px] font-medium tracking-wide text-muted uppercase">
        Note
        <textarea
          // biome-ignore lint/a11y/noAutofocus: the editor opens on the trader's request; typing starts at once
          autoFocus
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
          rows={2}
          maxLength={2000}
          placeholder="What went right, what went wrong"
          className="min-h-8 w-full rounded-md border border-border bg-surface-2 px-3 py-1.5 text-xs text-fg normal-case placeholder:text-subtle focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring"
        />
      </label>
      <div className="flex gap-2 self-end">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
