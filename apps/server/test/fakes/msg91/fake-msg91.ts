import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for MSG91's SendOTP v5: `POST /api/v5/otp?template_id=&mobile=91XXXXXXXXXX&otp=` behind the
// `authkey` header, answering `{type: 'success', request_id}` or `{type: 'error', message}` (HTTP 200 either way,
// as MSG91 does for refusals), 429 when throttling and 5xx or silence when down.

/** How the fake answers the next sends. */
export type Msg91Mode = 'sent' | 'badNumber' | 'badTemplate' | 'rateLimited' | 'down' | 'hang';

export interface Msg91Request {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeMsg91Options {
  authKey: string;
  templateId: string;
}

export class FakeMsg91 {
  readonly requests: Msg91Request[] = [];
  /** Texts accepted, as MSG91 would deliver them: the mobile and the code. */
  readonly delivered: { mobile: string; otp: string }[] = [];
  mode: Msg91Mode = 'sent';
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  baseUrl = '';

  constructor(readonly options: FakeMsg91Options) {}

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
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || url.pathname !== '/api/v5/otp')
      return reply(404, { type: 'error', message: 'Not found' });
    if (req.headers.authkey !== this.options.authKey)
      return reply(401, { type: 'error', message: 'Authentication failure' });
    if (this.mode === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (this.mode === 'down') return reply(503, { type: 'error', message: 'Service unavailable' });
    if (this.mode === 'rateLimited')
      return reply(429, { type: 'error', message: 'Too many requests' }, { 'retry-after': '45' });
    if (query.template_id !== this.options.templateId || this.mode === 'badTemplate')
      return reply(200, { type: 'error', message: 'Invalid template id' });
    if (!/^91[6-9]\d{9}$/.test(query.mobile ?? '') || this.mode === 'badNumber')
      return reply(200, { type: 'error', message: 'Mobile no. not valid' });
    if (!/^\d{4,9}$/.test(query.otp ?? '')) return reply(200, { type: 'error', message: 'Invalid otp' });
    this.delivered.push({ mobile: query.mobile ?? '', otp: query.otp ?? '' });
    return reply(200, { type: 'success', request_id: `3163${this.delivered.length}` });
  }
}
