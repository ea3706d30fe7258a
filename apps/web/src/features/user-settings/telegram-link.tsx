import { useMutation, useQuery } from '@tanstack/react-query';
import {
  TELEGRAM_CODE_PATH,
  TELEGRAM_PATH,
  type TelegramCode,
  telegramCodeSchema,
  telegramStatusSchema,
} from '@xtrader/core/api/alerts';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { toastError } from '../../api/toast-error';
import { Button } from '../../ui/button';

const telegramKey = ['alerts', 'telegram'] as const;
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The Telegram part of the alerts: link this account's chat with a one-time code (sent to the bot as
 * `/start CODE`, valid 10 minutes), or unlink it. Hidden behind a note when the server has no bot.
 */
export function TelegramLink() {
  const status = useQuery({
    queryKey: telegramKey,
    queryFn: async ({ signal }) =>
      (await api.get(TELEGRAM_PATH, { data: telegramStatusSchema, signal })).data,
    // While a code is shown, notice the link as soon as the bot took it.
    refetchInterval: (query) => (query.state.data?.linked === false ? 3000 : false),
  });
  const [code, setCode] = useState<TelegramCode | null>(null);
  const issue = useMutation({
    mutationFn: async () =>
      (await api.post(TELEGRAM_CODE_PATH, undefined, { data: telegramCodeSchema })).data,
    onSuccess: setCode,
    onError: (error) => toastError(error, 'Could not create a link code'),
  });
  const unlink = useMutation({
    mutationFn: () => api.delete(TELEGRAM_PATH),
    onSuccess: () => {
      setCode(null);
      toast.success('Telegram unlinked');
      void queryClient.invalidateQueries({ queryKey: telegramKey });
    },
    onError: (error) => toastError(error, 'Could not unlink Telegram'),
  });
  const data = status.data;
  if (!data) return <p className="py-1 text-xs text-muted">Telegram: checking…</p>;
  if (!data.enabled) {
    return <p className="py-1 text-xs text-muted">Telegram alerts are not set up on this server.</p>;
  }
  if (data.linked) {
    return (
      <div className="flex items-center justify-between py-1 text-xs" data-testid="telegram-linked">
        <span>
          Telegram linked{data.linkedAt ? ` since ${new Date(data.linkedAt).toLocaleString()}` : ''}.
          Commands: /status, /closeall.
        </span>
        <Button variant="secondary" size="sm" loading={unlink.isPending} onClick={() => unlink.mutate()}>
          Unlink
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-between gap-3 py-1 text-xs">
      {code ? (
        <span data-testid="telegram-code">
          Send <code className="rounded bg-surface px-1 font-mono text-accent">/start {code.code}</code> to
          the bot (valid until {timeOf(code.expiresAt)}).
        </span>
      ) : (
        <span className="text-muted">Get alerts and close everything from Telegram.</span>
      )}
      <Button variant="secondary" size="sm" loading={issue.isPending} onClick={() => issue.mutate()}>
        {code ? 'New code' : 'Link Telegram'}
      </Button>
    </div>
  );
}
