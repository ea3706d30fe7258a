import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import { createOtpSender, OutboxOtpSender, SmtpOtpSender } from './otp-sender';

const message = {
  phone: '9876543210',
  email: 'a@b.in',
  name: 'Asha',
  code: '0427',
  purpose: 'signup' as const,
};

describe('OutboxOtpSender', () => {
  it('keeps messages latest first', async () => {
    const clock = createFakeClock();
    const outbox = new OutboxOtpSender(silentLogger(), clock, true);
    await outbox.send(message);
    clock.advance(1000);
    await outbox.send({ ...message, code: '9999', purpose: 'reset' });
    const [latest, earlier] = outbox.entries();
    expect(latest).toMatchObject({ code: '9999', purpose: 'reset', sentAt: clock.now() });
    expect(latest?.text).toContain('9999');
    expect(earlier?.code).toBe('0427');
  });

  it('never logs or keeps a code when codes must stay hidden', async () => {
    const logger = silentLogger();
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const outbox = new OutboxOtpSender(logger, createFakeClock(), false);
    await outbox.send(message);
    expect(outbox.entries()).toEqual([]);
    expect(info).not.toHaveBeenCalled();
    expect(JSON.stringify(warn.mock.calls)).not.toContain('0427');
  });
});

describe('SmtpOtpSender', () => {
  it('emails the code to the account address', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transport, 'sendMail');
    await new SmtpOtpSender(transport, 'X-Trader <otp@x.test>').send(message);
    const mail = sendMail.mock.calls[0]?.[0];
    expect(mail).toMatchObject({ from: 'X-Trader <otp@x.test>', to: 'a@b.in', subject: 'Your X-Trader OTP' });
    expect(String(mail?.text)).toContain('0427 is your X-Trader OTP to sign up');
  });
});

describe('createOtpSender', () => {
  it('picks SMTP when configured, the outbox otherwise', () => {
    const clock = createFakeClock();
    const smtp = loadConfig({ SMTP_URL: 'smtp://mail.test:25', SMTP_FROM: 'otp@x.test' });
    expect(createOtpSender(smtp, silentLogger(), clock).kind).toBe('smtp');
    expect(createOtpSender(loadConfig({}), silentLogger(), clock).kind).toBe('outbox');
  });
});
