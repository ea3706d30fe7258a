import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, createSubscriptionResponseSchema, type PlanKey } from '@xtrader/core/api/billing';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { api } from '../../../api/client';
import { toastError } from '../../../api/toast-error';
import { browser } from './browser';

/** `data` of getHostedPage read leniently: a reply without a URL gets its own message, not a parse error. */
const hostedPageData = z.object({ hostedPageUrl: z.string().optional() }).loose().nullish();

/** POST /zohoSubscriptions/createZohoSubscription: only the free trial is created directly. */
const createFreeTrial = () =>
  api.post(
    '/zohoSubscriptions/createZohoSubscription',
    { plan_code: 'freeTrial' },
    { data: createSubscriptionResponseSchema },
  );

/** POST /zohoSubscriptions/getHostedPage: the provider's checkout for a paid plan. */
const requestHostedPage = (plan: PlanKey) =>
  api.post('/zohoSubscriptions/getHostedPage', { plan_code: plan }, { data: hostedPageData });

/** Where the thank-you page learns what was bought and until when. */
const thankYouUrl = (expirationDate: string, plan: PlanKey) =>
  `/thank-you?${new URLSearchParams({ expiry: expirationDate, plan })}`;

/**
 * Plan selection: the free trial is created and the thank-you page opens; any other plan
 * asks for a hosted page and the browser goes there. Failures toast the server's message or the fallback.
 */
export function useSelectPlan() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plan: PlanKey) => {
      if (plan === 'freeTrial') {
        const { data } = await createFreeTrial();
        // Entitlement and status caches are stale now.
        await queryClient.invalidateQueries();
        void navigate(thankYouUrl(data.expirationDate, plan));
        return;
      }
      const { data } = await requestHostedPage(plan);
      if (data?.hostedPageUrl) browser.assign(data.hostedPageUrl);
      else toast.error(BILLING_MESSAGES.hostedUrlNotFound);
    },
    onError: (error) => toastError(error, BILLING_MESSAGES.failed),
  });
}
