import type { BrokerAck } from '../broker';

export type BrokerFailureCode = NonNullable<Extract<BrokerAck, { ok: false }>['code']>;

/**
 * A failed call to a live broker, classified by its adapter. `uncertain` means the request may still have reached
 * the broker (no answer, a dropped connection, a 5xx): its outcome is unknown, so an order must be looked up by our
 * tag before anything is sent again.
 */
export class BrokerCallError extends Error {
  constructor(
    readonly code: BrokerFailureCode,
    message: string,
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'BrokerCallError';
  }
}

/** A definite failure as the answer a command returns. */
export const refusalOf = (error: BrokerCallError): BrokerAck => ({
  ok: false,
  reason: error.message,
  code: error.code,
});

/** A failed call's message without the broker's name in front, for a sentence that names the broker itself. */
export const detailOf = (error: unknown, brokerName: string): string =>
  error instanceof BrokerCallError ? error.message.replace(`${brokerName}: `, '') : 'unknown error';

/**
 * An adapter's `classify`: its own errors pass through; anything else it did not expect (a socket error, a timeout)
 * is an uncertain network failure, told with the broker's "could not be reached" message.
 */
export const classifyUnexpected =
  (unreachable: (detail: string) => string) =>
  (error: unknown): BrokerCallError =>
    error instanceof BrokerCallError
      ? error
      : new BrokerCallError(
          'network',
          unreachable(error instanceof Error ? error.message : String(error)),
          true,
        );
