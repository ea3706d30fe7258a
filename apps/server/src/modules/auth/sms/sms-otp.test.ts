import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeMsg91 } from '../../../../test/fakes/msg91';
import { FakeTwilio } from '../../../../test/fakes/twilio';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';

// OTP requests through the real routes, with the SMS provider played by a local fake: what the user is told for
// each answer of the provider, and that the request reached the provider as its API documents.

const signupDetails = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' };

const postTo = (t: TestApp) => (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload });

describe('OTP by SMS through MSG91', () => {
  let fake: FakeMsg91;
  let t: TestApp;
  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp({
      env: {
        XT_SMS_PROVIDER: 'msg91',
        XT_MSG91_AUTH_KEY: 'msg91-key',
        XT_SMS_DLT_TEMPLATE_ID: '6650b1d2d6fc05',
        XT_MSG91_BASE_URL: fake.baseUrl,
        XT_SMS_TIMEOUT_MS: '300',
        ...env,
      },
    });
    return postTo(t);
  };
  beforeEach(async () => {
    fake = await new FakeMsg91({ authKey: 'msg91-key', templateId: '6650b1d2d6fc05' }).start();
  });
  afterEach(async () => {
    await t?.close();
    await fake.stop();
  });

  it('sends the code to 91<phone> with the DLT template and the authkey, and says it went by SMS', async () => {
    const post = await start();
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.channels).toEqual(['sms']);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v5/otp' });
    expect(request?.headers.authkey).toBe('msg91-key');
    expect(request?.query).toMatchObject({ template_id: '6650b1d2d6fc05', mobile: '919876543210' });
    expect(fake.delivered).toEqual([{ mobile: '919876543210', otp: response.json().data.devOtp }]);
    const verified = await post('/auth/verifyOtp', {
      phone: signupDetails.phone,
      OTP: fake.delivered[0]?.otp,
    });
    expect(verified.statusCode).toBe(200);
  });

  it('tells the user when MSG91 refuses the number', async () => {
    const post = await start();
    fake.mode = 'badNumber';
    const response = await post('/auth/otp', signupDetails);
    // Not 400: the signup screen reads a 400 as "this account exists".
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Could not send the code by SMS to this number. Please check the mobile number.',
    });
  });

  it('a refused template is our problem: the user is asked to try again later', async () => {
    const post = await start({ XT_SMS_DLT_TEMPLATE_ID: 'not-the-registered-one' });
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Could not send the code by SMS, try again in 30 s.');
    expect(fake.delivered).toEqual([]);
  });

  it('passes on the wait MSG91 asks for when it throttles', async () => {
    const post = await start();
    fake.mode = 'rateLimited';
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('45');
    expect(response.json().message).toBe('Could not send the code by SMS, try again in 45 s.');
  });

  it('reports MSG91 down (5xx) and silent (timeout) to the user', async () => {
    const post = await start();
    fake.mode = 'down';
    const down = await post('/auth/otp', signupDetails);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('30');
    expect(down.json().message).toBe('Could not send the code by SMS, try again in 30 s.');
    fake.mode = 'hang';
    const silent = await post('/auth/otp', { ...signupDetails, phone: '9876543211' });
    expect(silent.statusCode).toBe(503);
    expect(silent.json().message).toBe('Could not send the code by SMS, try again in 30 s.');
  });

  it('failed sends still count against the resend limit of the number', async () => {
    const post = await start();
    fake.mode = 'down';
    for (let i = 0; i < 3; i += 1) expect((await post('/auth/otp', signupDetails)).statusCode).toBe(503);
    fake.mode = 'sent';
    const fourth = await post('/auth/otp', signupDetails);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'Too many OTP requests for this number. Please try again in a few minutes.',
    );
    expect(fake.delivered).toEqual([]);
  });

  it('sends by SMS and email when both are configured; the SMS alone is enough', async () => {
    const post = await start({ SMTP_URL: 'smtp://127.0.0.1:9', SMTP_FROM: 'otp@x.test' });
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(200);
    // Nothing listens on port 9, so only the text went out, and the answer says so.
    expect(response.json().data.channels).toEqual(['sms']);
    expect(fake.delivered).toHaveLength(1);
  });

  it('the password reset names the configured channels whether or not the account exists', async () => {
    const post = await start();
    const unknown = await post('/auth/forgotPasscode', { email: 'nobody@example.com', phone: '9000000001' });
    expect(unknown.json().data).toEqual({ channels: ['sms'] });
    expect(fake.requests).toEqual([]);
  });
});

describe('OTP by SMS through Twilio', () => {
  let fake: FakeTwilio;
  let t: TestApp;
  const accountSid = `AC${'1'.repeat(32)}`;
  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp({
      env: {
        XT_SMS_PROVIDER: 'twilio',
        XT_TWILIO_ACCOUNT_SID: accountSid,
        XT_TWILIO_AUTH_TOKEN: 'twilio-token',
        XT_SMS_SENDER_ID: 'XTRADR',
        XT_TWILIO_BASE_URL: fake.baseUrl,
        XT_SMS_TIMEOUT_MS: '300',
        ...env,
      },
    });
    return postTo(t);
  };
  beforeEach(async () => {
    fake = await new FakeTwilio({ accountSid, authToken: 'twilio-token' }).start();
  });
  afterEach(async () => {
    await t?.close();
    await fake.stop();
  });

  it('posts To +91<phone>, From and the text with basic auth, and says it went by SMS', async () => {
    const post = await start();
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.channels).toEqual(['sms']);
    const [request] = fake.requests;
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:twilio-token`).toString('base64')}`,
    );
    const code = response.json().data.devOtp;
    expect(request?.form).toEqual({
      To: '+919876543210',
      From: 'XTRADR',
      Body: `${code} is your X-Trader OTP to sign up. It expires in 5 minutes. Do not share it with anyone.`,
    });
  });

  it('sends through a Messaging Service when the sender is one', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const post = await start({ XT_SMS_SENDER_ID: service });
    expect((await post('/auth/otp', signupDetails)).statusCode).toBe(200);
    expect(fake.requests[0]?.form).toMatchObject({ MessagingServiceSid: service });
    expect(fake.requests[0]?.form.From).toBeUndefined();
  });

  it('tells the user when Twilio refuses the number (21211)', async () => {
    const post = await start();
    fake.mode = 'badNumber';
    const response = await post('/auth/otp', signupDetails);
    // Not 400: the signup screen reads a 400 as "this account exists".
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Could not send the code by SMS to this number. Please check the mobile number.',
    );
  });

  it('wrong credentials are our problem: 503, not blamed on the number', async () => {
    const post = await start({ XT_TWILIO_AUTH_TOKEN: 'wrong' });
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Could not send the code by SMS, try again in 30 s.');
  });

  it('passes on the wait Twilio asks for when it throttles (20429)', async () => {
    const post = await start();
    fake.mode = 'rateLimited';
    const response = await post('/auth/otp', signupDetails);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('Could not send the code by SMS, try again in 20 s.');
  });

  it('reports Twilio down (5xx) and silent (timeout), for the password reset too', async () => {
    const post = await start();
    fake.mode = 'down';
    expect((await post('/auth/otp', signupDetails)).statusCode).toBe(503);
    fake.mode = 'sent';
    const phone = '9876543212';
    await post('/auth/otp', { ...signupDetails, phone });
    await post('/auth/verifyOtp', { phone, OTP: fake.delivered[0]?.body.slice(0, 4) });
    expect((await post('/auth/signup', { ...signupDetails, phone, passcode: 'secret123' })).statusCode).toBe(
      200,
    );
    fake.mode = 'hang';
    const reset = await post('/auth/forgotPasscode', { email: signupDetails.email, phone });
    expect(reset.statusCode).toBe(503);
    expect(reset.json().message).toBe('Could not send the code by SMS, try again in 30 s.');
  });
});

describe('OTP in production without any delivery channel', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('refuses the request rather than saying a code was sent', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    const post = postTo(t);
    const signup = await post('/auth/otp', signupDetails);
    expect(signup.statusCode).toBe(503);
    expect(signup.json().success).toBe(false);
    const reset = await post('/auth/forgotPasscode', { email: 'nobody@example.com', phone: '9000000001' });
    expect(reset.statusCode).toBe(503);
  });
});
