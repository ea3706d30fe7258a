import type { BrokerStatus } from '@xtrader/core/api/brokers';
import { IIFL_BROKER_ID, isPracticeBroker, ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { IiflService } from '../iifl/service';
import type { LiveLinkStatus } from '../live-kit/links';
import type { AccountLinks } from '../vault';
import type { ZerodhaService } from '../zerodha/service';
import type { LiveBrokerPlugin } from './plugin';

// The header's broker status hover card: which broker, its client id, whether the session is connected or expired,
// and whether order updates are streaming.

const PRACTICE: Omit<BrokerStatus, 'broker'> = {
  clientId: null,
  state: 'practice',
  expiresAt: null,
  updates: 'live',
  canSubscribeUpdates: false,
  updateChannel: null,
};

const sessionState = (state: 'none' | 'credentials' | 'connected' | 'expired'): BrokerStatus['state'] =>
  state === 'connected' || state === 'expired' ? state : 'disconnected';

export async function brokerStatus(
  userId: string,
  deps: {
    accounts: AccountLinks;
    zerodha: ZerodhaService;
    iifl: IiflService;
    plugins: readonly LiveBrokerPlugin[];
  },
): Promise<BrokerStatus> {
  const broker = await deps.accounts.activeBrokerOf(userId);
  if (isPracticeBroker(broker)) return { broker, ...PRACTICE };
  const plugin = deps.plugins.find((candidate) => candidate.brokerId === broker);
  if (broker && plugin) return { broker, ...(await plugin.status(userId)) };
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
      updateChannel: 'stream',
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
      updateChannel: 'polling',
    };
  }
  return {
    broker,
    clientId: null,
    state: broker ? 'disconnected' : 'none',
    expiresAt: null,
    updates: 'off',
    canSubscribeUpdates: false,
    updateChannel: null,
  };
}

/**
 * A plugged broker's status card from its kit link: `live` while the session is connected and the channel is in
 * the state that delivers updates (`deliveringState`: 'polling', 'connected' ...), `reconnecting` while a stream
 * is coming back, else off. Every channel can be re-subscribed ('Subscribe Updates').
 */
export function pluggedBrokerStatus<State extends string>(
  link: LiveLinkStatus<State>,
  channel: 'stream' | 'postback' | 'polling',
  deliveringState: State,
  reconnectingState?: State,
): Omit<BrokerStatus, 'broker'> {
  const connected = link.state === 'connected';
  const updates =
    connected && link.updates === deliveringState
      ? 'live'
      : connected && reconnectingState !== undefined && link.updates === reconnectingState
        ? 'reconnecting'
        : 'off';
  return {
    clientId: link.clientId,
    state: sessionState(link.state),
    expiresAt: link.expiresAt,
    updates,
    canSubscribeUpdates: connected,
    updateChannel: channel,
  };
}
