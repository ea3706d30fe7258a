import type { BrokerStatus } from '@xtrader/core/api/brokers';
import { IIFL_BROKER_ID, isPracticeBroker, ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { IiflService } from '../iifl/service';
import type { AccountLinks } from '../vault';
import type { ZerodhaService } from '../zerodha/service';

// The header's broker status hover card: which broker, its client id, whether the session is connected or expired,
// and whether order updates are streaming.

const PRACTICE: Omit<BrokerStatus, 'broker'> = {
  clientId: null,
  state: 'practice',
  expiresAt: null,
  updates: 'live',
  canSubscribeUpdates: false,
};

const sessionState = (state: 'none' | 'credentials' | 'connected' | 'expired'): BrokerStatus['state'] =>
  state === 'connected' || state === 'expired' ? state : 'disconnected';

export async function brokerStatus(
  userId: string,
  deps: { accounts: AccountLinks; zerodha: ZerodhaService; iifl: IiflService },
): Promise<BrokerStatus> {
  const broker = await deps.accounts.activeBrokerOf(userId);
  if (isPracticeBroker(broker)) return { broker, ...PRACTICE };
  if (broker === ZERODHA_BROKER_ID) {
    const link = await deps.zerodha.status(userId);
    const updates =
      link.state !== 'connected' ||
      link.updates === 'off' ||
      link.updates === 'token_expired' ||
      link.updates === 'closed'
        ? 'off'
        : link.updates === 'connected'
          ? 'live'
          : 'reconnecting';
    return {
      broker,
      clientId: link.clientId,
      state: sessionState(link.state),
      expiresAt: link.expiresAt,
      updates,
      canSubscribeUpdates: false,
    };
  }
  if (broker === IIFL_BROKER_ID) {
    const link = await deps.iifl.status(userId);
    return {
      broker,
      clientId: link.clientId,
      state: sessionState(link.state),
      expiresAt: link.expiresAt,
      updates: link.state === 'connected' && link.updates === 'polling' ? 'live' : 'off',
      canSubscribeUpdates: true,
    };
  }
  return {
    broker,
    clientId: null,
    state: broker ? 'disconnected' : 'none',
    expiresAt: null,
    updates: 'off',
    canSubscribeUpdates: false,
  };
}
