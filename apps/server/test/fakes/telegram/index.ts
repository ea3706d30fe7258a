export { FakeTelegram, type SentMessage } from './fake-telegram';
