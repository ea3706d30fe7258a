import type { BrokerId } from '@xtrader/core/brokers/ids';
import type { BrokerFailureCode } from '../live-kit/errors';

// What a trader reads when Rupeezy refuses or cannot be reached. Rupeezy's own texts are kept, but the refusals
// that come from exchange and regulator rules for API orders are explained in plain words first.

export const VORTEX_NAME = 'Rupeezy';
/** The active-broker id of Rupeezy (its API is named Vortex). */
export const VORTEX_BROKER_ID = 'VORTEX' satisfies BrokerId;

export const VORTEX_MESSAGES = {
  sessionExpired: 'Rupeezy session expired. Log in with Rupeezy again to trade.',
  rateLimited: 'Rupeezy rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `Rupeezy could not be reached (${detail}).`,
  unreadable: (what: string) => `Rupeezy sent an unreadable ${what}.`,
  rejected: (detail: string) => `Rupeezy: ${detail}`,
  notConfigured: 'Rupeezy login is not available on this server',
  loginFailed: (detail: string) => `Rupeezy login failed: ${detail}`,
} as const;

interface Explained {
  code: BrokerFailureCode;
  message: string;
}

const RULES: ReadonlyArray<{ test: RegExp; explain: (text: string) => Explained }> = [
  {
    test: /static ip|whitelist|ip address|\bip\b.*(not|un)/i,
    explain: (text) => ({
      code: 'rejected',
      message: VORTEX_MESSAGES.rejected(
        `the order came from an IP address that is not registered for API trading on your Rupeezy account. Add this server's static IP in the Rupeezy API settings (${text}).`,
      ),
    }),
  },
  {
    test: /algo/i,
    explain: (text) => ({
      code: 'rejected',
      message: VORTEX_MESSAGES.rejected(
        `the exchange does not allow this order from an unregistered algo. Place it by hand or ask the operator to register the strategy (${text}).`,
      ),
    }),
  },
  {
    test: /market protection|protection/i,
    explain: (text) => ({
      code: 'rejected',
      message: VORTEX_MESSAGES.rejected(
        `market orders need a price protection. Use a limit order or set a market protection (${text}).`,
      ),
    }),
  },
  {
    test: /rate limit|too many/i,
    explain: () => ({ code: 'rate_limited', message: VORTEX_MESSAGES.rateLimited }),
  },
];

/** A refusal's text from Rupeezy as the code and message the trader gets. */
export function explainRefusal(text: string): Explained {
  const rule = RULES.find((candidate) => candidate.test.test(text));
  return rule ? rule.explain(text) : { code: 'rejected', message: VORTEX_MESSAGES.rejected(text) };
}
