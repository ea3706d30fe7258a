export { FakeTwilio, type TwilioMode, type TwilioRequest } from './fake-twilio';
