import { ConfirmDialog } from '../../ui/dialog';
import { dropStaleQuestion, useStaleQuestion } from './stale-question';

/** Asks before a market order goes out on a contract whose last tick is too old to trust. */
export function StaleConfirmDialog() {
  const question = useStaleQuestion((s) => s.question);
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) dropStaleQuestion();
      }}
      title="Stale prices"
      description={question ? `${question.message}. A market order fills at whatever the market is now.` : ''}
      confirmLabel="Place anyway"
      variant="danger"
      onConfirm={() => {
        const proceed = question?.proceed;
        dropStaleQuestion();
        proceed?.();
      }}
    />
  );
}
