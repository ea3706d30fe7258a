import { formatIndianInteger, formatRupee } from '@xtrader/core';
import { ConfirmDialog } from '../../ui/dialog';
import { dropFundsQuestion, useFundsQuestion } from './funds-question';
import { sendOrder } from './use-place-order';

/**
 * Asks before a buy that costs more than the available funds is sent: a new user's default quantity (10000) would
 * otherwise leave as a flood of sliced orders, each refused with 'Insufficient funds'. While it asks, keys do not
 * trade (an open dialog owns the keyboard).
 */
export function FundsConfirmDialog() {
  const question = useFundsQuestion((s) => s.question);
  const body = question?.built.body;
  const description = question
    ? `Buying ${formatIndianInteger(body?.quantity ?? 0)} of ${question.built.identifier} costs about ` +
      `${formatRupee(question.cost)}, more than your available funds of ${formatRupee(question.available)}. ` +
      'Cancel and lower the quantity, or place it anyway.'
    : '';
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) dropFundsQuestion();
      }}
      title="Not enough funds"
      description={description}
      confirmLabel="Place anyway"
      variant="danger"
      onConfirm={() => {
        if (question) void sendOrder(question.built, question.awaitsFill);
        dropFundsQuestion();
      }}
    />
  );
}
