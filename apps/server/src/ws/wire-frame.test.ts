import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { headerLength, LtpFrameBuilder, payloadOf } from './wire-frame';

// ws exports its frame parser and builder, but @types/ws does not declare them.
const { Receiver, Sender } = ws as unknown as {
  Receiver: new (options: { isServer: boolean }) => NodeJS.WritableStream;
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

/** Decodes wire bytes with ws's own client-side parser. */
function decode(wire: Buffer): string[] {
  const messages: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    messages.push(data.toString('utf8'));
  });
  receiver.write(wire);
  return messages;
}

/** A frame of `count` fragments whose payload is exactly `length` bytes. */
function frameOf(length: number) {
  const builder = new LtpFrameBuilder();
  const fixed = '{"channel":"ltp","data":[]}'.length + '{"s":""}'.length;
  builder.add(Buffer.from(`{"s":"${'x'.repeat(length - fixed)}"}`));
  return builder.build()!;
}

describe('ltp wire frames', () => {
  it.each([40, 125, 126, 65_535, 65_536, 200_000])(
    'frames a %i-byte payload as ws itself would, in one buffer',
    (length) => {
      const frame = frameOf(length);
      expect(payloadOf(frame).length).toBe(length);
      expect(frame.wire.length).toBe(headerLength(length) + length);
      const [header] = Sender.frame(payloadOf(frame), { fin: true, opcode: 1, mask: false, readOnly: true });
      expect(frame.wire.subarray(0, headerLength(length))).toEqual(header);
      expect(decode(frame.wire)).toEqual([payloadOf(frame).toString()]);
    },
  );

  it('joins fragments into the documented ltp shape, UTF-8 intact, and starts empty again', () => {
    const builder = new LtpFrameBuilder();
    expect(builder.build()).toBeNull();
    builder.add(Buffer.from('{"symbol":"NIFTY 50","LastPrice":1}'));
    builder.add(Buffer.from('{"symbol":"₹ é","LastPrice":2}'));
    const frame = builder.build()!;
    expect(frame.ticks).toBe(2);
    expect(JSON.parse(decode(frame.wire)[0]!)).toEqual({
      channel: 'ltp',
      data: [
        { symbol: 'NIFTY 50', LastPrice: 1 },
        { symbol: '₹ é', LastPrice: 2 },
      ],
    });
    expect(builder.size).toBe(0);
    expect(builder.build()).toBeNull();
  });
});
