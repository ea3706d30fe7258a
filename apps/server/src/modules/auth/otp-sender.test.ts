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

  it('never logs or keeps a code when codes must stay hidden, and refuses instead of pretending', async () => {
    const logger = silentLogger();
    const info = vi.spyOn(logger, 'info');
    const error = vi.spyOn(logger, 'error');
    const outbox = new OutboxOtpSender(logger, createFakeClock(), false);
    expect(outbox.channels).toEqual([]);
    await expect(outbox.send(message)).rejects.toMatchObject({ code: 'otp_not_sent' });
    expect(outbox.entries()).toEqual([]);
    expect(info).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    expect(JSON.stringify(error.mock.calls)).not.toContain('0427');
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
  const smtpEnv = { SMTP_URL: 'smtp://mail.test:25', SMTP_FROM: 'otp@x.test' };
  const smsEnv = { XT_SMS_PROVIDER: 'msg91', XT_MSG91_AUTH_KEY: 'k', XT_SMS_DLT_TEMPLATE_ID: 't' };

  it('picks SMS, SMTP or both when configured, the outbox otherwise', () => {
    const clock = createFakeClock();
    const channelsOf = (env: Record<string, string>) =>
      createOtpSender(loadConfig(env), silentLogger(), clock).channels;
    expect(channelsOf(smtpEnv)).toEqual(['email']);
    expect(channelsOf(smsEnv)).toEqual(['sms']);
    expect(channelsOf({ ...smsEnv, ...smtpEnv })).toEqual(['sms', 'email']);
    expect(channelsOf({})).toEqual(['outbox']);
    expect(channelsOf({ NODE_ENV: 'production' })).toEqual([]);
  });
});
