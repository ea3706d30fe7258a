export { ANGEL_CALL, type AngelOneFixture, createAngelOneFixture } from './angelone-fixture';
export { FakeAngelOne, type FakeAngelOrder, type RecordedAngelRequest } from './fake-angelone';
export { type AngelScripEntry, angelExpiry, scripOf } from './scrip-master';
export { FakeSmartStream, ltpPacket, type SmartStreamHandshake } from './smart-stream';
