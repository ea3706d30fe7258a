import { formatIndianInteger, formatRupee } from '@xtrader/core/format/format';
import { ConfirmDialog } from '../../ui/dialog';
import { dropFundsQuestion, type FundsQuestion, useFundsQuestion } from './funds-question';
import { sendOrder } from './use-place-order';

function describe(question: FundsQuestion): string {
  const { body, identifier } = question.built;
  const order = `${body.transactionType === 'buy' ? 'Buying' : 'Selling'} ${formatIndianInteger(body.quantity)} of ${identifier}`;
  const choice = 'Cancel and lower the quantity, or place it anyway.';
  if (question.reason === 'unpriced')
    return `${order} goes out as ${question.orders} orders, and there is no live price yet to check it against your funds. ${choice}`;
  return `${order} costs about ${formatRupee(question.cost)}, more than your available funds of ${formatRupee(question.available)}. ${choice}`;
}

/**
 * Asks before a buy that costs more than the available funds is sent, or a large order no price can check yet: a new
 * user's default quantity (10000) would otherwise leave as a flood of sliced orders, each refused with 'Insufficient
 * funds'. While it asks, keys do not
 * trade (an open dialog owns the keyboard).
 */
export function FundsConfirmDialog() {
  const question = useFundsQuestion((s) => s.question);
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) dropFundsQuestion();
      }}
      title={question?.reason === 'unpriced' ? 'Large order' : 'Not enough funds'}
      description={question ? describe(question) : ''}
      confirmLabel="Place anyway"
      variant="danger"
      onConfirm={() => {
        if (question) void sendOrder(question.built, question.awaitsFill);
        dropFundsQuestion();
      }}
    />
  );
}
