export { type ActiveBrokerDirectory, type BrokerLinks, createBrokerLinks } from './broker-links';
export {
  type BrokerReconnect,
  createBrokerReconnect,
  RECONNECT_MESSAGES,
  type ReconnectHandler,
} from './reconnect';
export { registerReconnectRoute } from './routes';
