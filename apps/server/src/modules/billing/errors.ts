import { DomainError } from '../../domain-error';

/** The billing provider could not be reached or refused a call; `detail` goes to the log, not the client. */
export class BillingProviderError extends DomainError {
  constructor(readonly detail: string) {
    super('billing_unavailable', 'The payment provider is not reachable right now, please try again', {
      detail,
    });
  }
}
