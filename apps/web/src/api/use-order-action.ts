import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { orderFeedback } from '../state/order-feedback';
import { refreshTradingDataSoon } from './refresh';
import { toastError } from './toast-error';

export type OrderActionOptions<I, R> = {
  run: (input: I) => Promise<R>;
  /** Fallback title of the error toast when the server sends no message. */
  failureTitle: string;
  /** The success toast, when there is one for this action. */
  successMessage?: (input: I, result: R) => string | undefined;
  onSuccess?: (result: R, input: I) => void;
};

/**
 * Runs one order action with the product's feedback: success toast (if any) and cue, or the server's message
 * (fallback title) and the failure cue; positions, orders and margin refresh 500 ms after a success.
 */
export function useOrderAction<I, R>({
  run,
  failureTitle,
  successMessage,
  onSuccess,
}: OrderActionOptions<I, R>) {
  return useMutation({
    mutationFn: run,
    onSuccess: (result, input) => {
      const message = successMessage?.(input, result);
      if (message) toast.success(message);
      orderFeedback.success();
      refreshTradingDataSoon();
      onSuccess?.(result, input);
    },
    onError: (error) => {
      toastError(error, failureTitle);
      orderFeedback.failure();
    },
  });
}
