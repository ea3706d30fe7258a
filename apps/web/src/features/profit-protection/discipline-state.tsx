import type { DisciplineStatus } from '@xtrader/core/api/discipline';
import { formatIndianInteger } from '@xtrader/core/format/format';
import type { DisciplineRule } from '@xtrader/core/risk/discipline';
import { anyDisciplineRule } from '@xtrader/core/risk/discipline';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { useDiscipline } from './api/discipline-query';

/**
 * The discipline rules in the Profit Protection bar: each rule the trader set, with today's figure, red with its
 * message while it refuses new orders. Nothing shows while no rule is set and trading is not locked.
 */
export function DisciplineState() {
  const { data } = useDiscipline();
  // A lock outlives the rule being switched off that day: it shows until the next session.
  if (!data || !(anyDisciplineRule(data.settings) || data.locked)) return null;
  const held = new Map(data.holds.map((hold) => [hold.rule, hold.message]));
  const { settings } = data;
  return (
    <section className="flex flex-wrap items-center gap-1.5" aria-label="Discipline">
      <span className="text-muted">Discipline</span>
      {data.locked && (
        <Chip rule="maxLoss" held={held}>
          <Lock className="size-3" aria-hidden /> Locked for the day
        </Chip>
      )}
      {settings.maxTradesPerDay !== null && (
        <Chip rule="maxTrades" held={held}>
          Trades {data.tradesToday}/{settings.maxTradesPerDay}
        </Chip>
      )}
      {settings.maxLossPerDay !== null && !data.locked && (
        <Chip rule="maxLoss" held={held}>
          Day loss limit -{formatIndianInteger(settings.maxLossPerDay)}
        </Chip>
      )}
      {settings.coolDownMinutes !== null && (
        <Chip rule="coolDown" held={held}>
          {held.has('coolDown') ? 'Cooling down' : `Cool-down ${settings.coolDownMinutes} min`}
        </Chip>
      )}
      {settings.noNewPositionsAfter !== null && (
        <Chip rule="cutOff" held={held}>
          No new after {settings.noNewPositionsAfter}
        </Chip>
      )}
      {settings.noMarketOrders && (
        <Chip rule="noMarket" held={held}>
          Limits only
        </Chip>
      )}
      <HoldMessage status={data} />
    </section>
  );
}

function Chip({
  rule,
  held,
  children,
}: {
  rule: DisciplineRule;
  held: ReadonlyMap<DisciplineRule, string>;
  children: ReactNode;
}) {
  const message = held.get(rule);
  return (
    <span
      data-rule={rule}
      data-held={message !== undefined}
      title={message}
      className={cn(
        'inline-flex items-center gap-1 rounded border px-1.5 py-0.5 tabular-nums',
        message !== undefined ? 'border-sell/60 bg-sell/10 text-sell' : 'border-border text-fg',
      )}
    >
      {children}
    </span>
  );
}

/** The first rule refusing orders, in words (the same message an order is refused with). */
function HoldMessage({ status }: { status: DisciplineStatus }) {
  const first = status.holds.find((hold) => hold.rule !== 'noMarket');
  if (!first) return null;
  return (
    <span className="text-sell" data-testid="discipline-hold">
      {first.message}
    </span>
  );
}
