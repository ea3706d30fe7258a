import { cancelledMessage, ORDER_SUCCESS } from '@xtrader/core/api/order-messages';
import type { BulkOrderResult } from '@xtrader/core/api/orders';
import { toast } from 'sonner';
import { bulkRefusalToast, FAILURE_TITLES } from '../lib/order-messages';
import {
  cancelAllOrders,
  cancelMultipleOrders,
  cancelOrder,
  editTrailParams,
  exitAllPositions,
  exitPosition,
  modifyMultipleOrders,
  modifyOrder,
  setOrderTrailing,
} from './order-requests';
import { useOrderAction } from './use-order-action';

// Every order action as a hook with its toasts, cue and 500 ms refresh.

export const useModifyOrder = () =>
  useOrderAction({
    run: modifyOrder,
    failureTitle: FAILURE_TITLES.modifyOrder,
    successMessage: () => ORDER_SUCCESS.modified,
  });

export const useCancelOrder = () =>
  useOrderAction({
    run: cancelOrder,
    failureTitle: FAILURE_TITLES.cancelOrder,
    successMessage: ({ orderType }) => cancelledMessage(orderType),
  });

export const useSetTrailing = () =>
  useOrderAction({
    run: setOrderTrailing,
    failureTitle: FAILURE_TITLES.trailing,
    successMessage: ({ state }) =>
      state === 'start' ? ORDER_SUCCESS.trailingStarted : ORDER_SUCCESS.trailingStopped,
  });

export const useEditTrailParams = () =>
  useOrderAction({
    run: editTrailParams,
    failureTitle: FAILURE_TITLES.trailing,
    successMessage: () => ORDER_SUCCESS.trailParamsUpdated,
  });

export const useExitPosition = () =>
  useOrderAction({ run: exitPosition, failureTitle: FAILURE_TITLES.exitPosition });

export const useExitAllPositions = () =>
  useOrderAction({ run: exitAllPositions, failureTitle: FAILURE_TITLES.exitAll });

export const useCancelAllOrders = () =>
  useOrderAction({
    run: cancelAllOrders,
    failureTitle: FAILURE_TITLES.cancelAll,
    successMessage: () => ORDER_SUCCESS.cancelAll,
  });

type BulkAnswer = { results: BulkOrderResult[] };
const allDone = ({ results }: BulkAnswer) => results.every((result) => result.ok);
/** The orders the broker refused (each with its reason), in one error toast. */
const toastRefusals = ({ results }: BulkAnswer) => {
  const refusal = bulkRefusalToast(results);
  if (refusal) toast.error(refusal.title, { description: refusal.description });
};

export const useCancelMultipleOrders = () =>
  useOrderAction({
    run: cancelMultipleOrders,
    failureTitle: FAILURE_TITLES.cancelMultiple,
    successMessage: (_input, answer) => (allDone(answer) ? ORDER_SUCCESS.cancelMultiple : undefined),
    onSuccess: toastRefusals,
  });

export const useModifyMultipleOrders = () =>
  useOrderAction({
    run: modifyMultipleOrders,
    failureTitle: FAILURE_TITLES.modifyMultiple,
    successMessage: (_input, answer) => (allDone(answer) ? ORDER_SUCCESS.modifyMultiple : undefined),
    onSuccess: toastRefusals,
  });
