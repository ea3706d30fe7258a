import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore } from '../../../test/helpers/test-store';
import type { Store } from '../../store/open-store';
import { OtpDeliveryError } from './otp-delivery-error';
import { createOtpFlow } from './otp-flow';
import type { OtpMessage, OtpSender } from './otp-sender';
import { createAuthStore } from './store';

/** A sender that delivers (keeping what it sent) until it is told to fail. */
function switchableSender() {
  const sent: OtpMessage[] = [];
  let failing = false;
  const sender: OtpSender = {
    channels: ['sms'],
    async send(message) {
      if (failing) throw new OtpDeliveryError('unavailable', 60, ['sms']);
      sent.push(message);
      return ['sms'];
    },
  };
  return {
    sender,
    sent,
    fail: () => {
      failing = true;
    },
  };
}

const request = { phone: '9876543210', email: 'a@b.in', name: 'Asha', purpose: 'signup' as const };

describe('OTP flow', () => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(() => store.close());

  it('keeps the code already delivered when a new one cannot be sent', async () => {
    const { sender, sent, fail } = switchableSender();
    const flow = createOtpFlow({
      store: createAuthStore(store.db),
      sender,
      clock: createFakeClock(),
      codeKey: new Uint8Array(32).fill(7),
    });
    await flow.issue(request);
    const delivered = sent[0]?.code as string;
    fail();
    await expect(flow.issue(request)).rejects.toBeInstanceOf(OtpDeliveryError);
    await expect(flow.verify(request.phone, 'signup', delivered)).resolves.toMatchObject({
      phone: request.phone,
    });
  });

  it('voids the earlier code once a new one is delivered', async () => {
    const { sender, sent } = switchableSender();
    const flow = createOtpFlow({
      store: createAuthStore(store.db),
      sender,
      clock: createFakeClock(),
      codeKey: new Uint8Array(32).fill(7),
    });
    await flow.issue(request);
    await flow.issue(request);
    const [first, second] = sent.map((message) => message.code);
    if (first !== second) {
      await expect(flow.verify(request.phone, 'signup', first as string)).rejects.toMatchObject({
        code: 'otp_invalid',
      });
    }
    await expect(flow.verify(request.phone, 'signup', second as string)).resolves.toBeDefined();
  });
});
