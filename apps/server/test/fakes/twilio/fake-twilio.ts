import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP
// basic auth (Account SID : Auth Token) and a form body `To`, `From` or `MessagingServiceSid`, `Body`; 201 with the
// message resource when queued, errors as `{code, message, more_info, status}` (21211 invalid To, 20429 throttled).

/** How the fake answers the next sends. */
export type TwilioMode = 'sent' | 'badNumber' | 'rateLimited' | 'down' | 'hang';

export interface TwilioRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
}

const twilioError = (code: number, message: string, status: number) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export class FakeTwilio {
  readonly requests: TwilioRequest[] = [];
  /** Texts queued: recipient and body. */
  readonly delivered: { to: string; body: string }[] = [];
  mode: TwilioMode = 'sent';
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  baseUrl = '';

  constructor(readonly options: FakeTwilioOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const form = Object.fromEntries(new URLSearchParams(body));
    this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    const { accountSid, authToken } = this.options;
    if (req.method !== 'POST' || url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return reply(404, twilioError(20404, 'The requested resource was not found', 404));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return reply(401, twilioError(20003, 'Authentication Error - invalid username', 401));
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return reply(400, twilioError(20001, 'Invalid content type', 400));
    if (this.mode === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (this.mode === 'down') return reply(503, twilioError(20503, 'Service unavailable', 503));
    if (this.mode === 'rateLimited')
      return reply(429, twilioError(20429, 'Too Many Requests', 429), { 'retry-after': '20' });
    if (!form.From && !form.MessagingServiceSid)
      return reply(400, twilioError(21603, "A 'From' or 'MessagingServiceSid' parameter is required", 400));
    if (!form.Body) return reply(400, twilioError(21602, 'Message body is required', 400));
    if (!/^\+91[6-9]\d{9}$/.test(form.To ?? '') || this.mode === 'badNumber')
      return reply(400, twilioError(21211, `The 'To' number ${form.To} is not a valid phone number.`, 400));
    this.delivered.push({ to: form.To ?? '', body: form.Body });
    return reply(201, {
      sid: `SM${String(this.delivered.length).padStart(32, '0')}`,
      account_sid: accountSid,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
      error_code: null,
      error_message: null,
    });
  }
}
