export { FakeMsg91, type Msg91Mode, type Msg91Request } from './fake-msg91';
