import type { JournalExecution, JournalTrade } from '@xtrader/core/api/journal';
import { formatNumber } from '@xtrader/core/format/format';
import { Pencil } from 'lucide-react';
import { Fragment, useState } from 'react';
import { cn } from '../../ui/cn';
import { EmptyRow, TableFrame, Td, Th, Tr } from '../../ui/table';
import { formatLatency, formatSlippage, istClock, signedClass } from './journal-format';
import { TradeNotesEditor } from './trade-notes-editor';

const money = (value: number | null) => (value === null ? '-' : formatNumber(value));

const TRADE_COLUMNS = 13;

/** The day's round trips, one row each, with their note and tags (editable in place). */
export function TradesTable({ trades }: { trades: readonly JournalTrade[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <TableFrame label="Trades">
      <thead>
        <tr>
          <Th className="w-20">Opened</Th>
          <Th className="w-20">Closed</Th>
          <Th className="w-52">Contract</Th>
          <Th className="w-16">Side</Th>
          <Th align="right" className="w-16">
            Qty
          </Th>
          <Th align="right">Entry</Th>
          <Th align="right">Exit</Th>
          <Th align="right">Gross P&amp;L</Th>
          <Th align="right">Charges</Th>
          <Th align="right">Net P&amp;L</Th>
          <Th className="w-40">Tags</Th>
          <Th className="w-72">Note</Th>
          <Th className="w-12" aria-label="Edit" />
        </tr>
      </thead>
      <tbody>
        {trades.length === 0 && <EmptyRow colSpan={TRADE_COLUMNS}>No trades on this day</EmptyRow>}
        {trades.map((trade) => (
          <Fragment key={trade.tradeId}>
            <Tr data-trade-id={trade.tradeId}>
              <Td>{istClock(trade.openedAt)}</Td>
              <Td>{trade.closedAt === null ? 'Open' : istClock(trade.closedAt)}</Td>
              <Td className="font-medium text-fg" title={trade.tradingSymbol}>
                {trade.tradingSymbol}
              </Td>
              <Td className={trade.direction === 'long' ? 'text-buy' : 'text-sell'}>
                {trade.direction === 'long' ? 'Long' : 'Short'}
              </Td>
              <Td align="right">
                {trade.openQuantity > 0 ? `${trade.quantity} (${trade.openQuantity} open)` : trade.quantity}
              </Td>
              <Td align="right">{money(trade.entryPrice)}</Td>
              <Td align="right">{money(trade.exitPrice)}</Td>
              <Td align="right" className={signedClass(trade.gross)}>
                {money(trade.gross)}
              </Td>
              <Td align="right" className="text-warn">
                {money(trade.charges)}
              </Td>
              <Td align="right" className={cn('font-semibold', signedClass(trade.net))}>
                {money(trade.net)}
              </Td>
              <Td title={trade.tags.join(', ')}>
                {trade.tags.map((tag) => (
                  <span key={tag} className="mr-1 rounded bg-surface-2 px-1.5 py-0.5 text-[10px] text-fg">
                    {tag}
                  </span>
                ))}
              </Td>
              <Td className="text-muted" title={trade.note}>
                {trade.note}
              </Td>
              <Td align="center">
                <button
                  type="button"
                  aria-label={`Edit notes of ${trade.tradingSymbol}`}
                  onClick={() => setEditing(editing === trade.tradeId ? null : trade.tradeId)}
                  className="grid size-6 place-items-center rounded text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Pencil className="size-3.5" aria-hidden />
                </button>
              </Td>
            </Tr>
            {editing === trade.tradeId && (
              <tr className="border-b border-border bg-surface-2/40">
                <td colSpan={TRADE_COLUMNS} className="px-2">
                  <TradeNotesEditor trade={trade} onClose={() => setEditing(null)} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </TableFrame>
  );
}

const EXECUTION_COLUMNS = 11;

/** The day's orders placed from this app: key, request, ack and fill latencies and slippage. */
export function ExecutionsTable({ executions }: { executions: readonly JournalExecution[] }) {
  return (
    <TableFrame label="Executions">
      <thead>
        <tr>
          <Th className="w-20">Key</Th>
          <Th className="w-52">Contract</Th>
          <Th className="w-14">Side</Th>
          <Th align="right">Qty</Th>
          <Th align="right">Shown</Th>
          <Th align="right">Fill</Th>
          <Th align="right">Slippage</Th>
          <Th align="right">Key → Request</Th>
          <Th align="right">Request → Ack</Th>
          <Th align="right">Ack → Fill</Th>
          <Th align="right">Key → Fill</Th>
        </tr>
      </thead>
      <tbody>
        {executions.length === 0 && (
          <EmptyRow colSpan={EXECUTION_COLUMNS}>No orders placed from the order cards on this day</EmptyRow>
        )}
        {executions.map((execution) => (
          <Tr key={execution.orderId}>
            <Td>{istClock(execution.pressedAt)}</Td>
            <Td className="font-medium text-fg">{execution.tradingSymbol}</Td>
            <Td className={execution.side === 'buy' ? 'text-buy' : 'text-sell'}>
              {execution.side === 'buy' ? 'Buy' : 'Sell'}
            </Td>
            <Td align="right">
              {execution.filledQuantity}/{execution.quantity}
            </Td>
            <Td align="right">{money(execution.shownPrice)}</Td>
            <Td align="right">{money(execution.fillPrice)}</Td>
            <Td align="right" className={signedClass(execution.slippage?.perUnit)}>
              {formatSlippage(execution.slippage)}
            </Td>
            <Td align="right">{formatLatency(execution.latencies.keyToRequestMs)}</Td>
            <Td align="right">{formatLatency(execution.latencies.requestToAckMs)}</Td>
            <Td align="right">{formatLatency(execution.latencies.ackToFillMs)}</Td>
            <Td align="right" className="font-semibold">
              {formatLatency(execution.latencies.keyToFillMs)}
            </Td>
          </Tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
