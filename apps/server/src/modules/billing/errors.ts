import { AppError } from '../../http/errors';

/** The billing provider could not be reached or refused a call; details go to the log, not the client. */
export class BillingProviderError extends AppError {
  constructor(readonly detail: string) {
    super(502, 'BILLING_PROVIDER', 'The payment provider is not reachable right now, please try again');
  }
}
