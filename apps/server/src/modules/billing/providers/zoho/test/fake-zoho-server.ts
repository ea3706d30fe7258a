import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signZohoWebhook, ZOHO_SIGNATURE_HEADER } from '../signature';

// A local stand-in for Zoho Accounts (OAuth refresh) and Zoho Billing (hosted pages, subscriptions), speaking
// their documented request and reply shapes, plus test controls that play the buyer and Zoho's webhooks.

export interface FakeZohoCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  organizationId: string;
  webhookSecret: string;
}

interface HostedPage {
  hostedpage_id: string;
  status: 'fresh' | 'completed';
  url: string;
  planCode: string;
  email: string;
  redirectUrl: string;
  subscriptionId?: string;
}

interface FakeSubscription {
  subscription_id: string;
  status: string;
  plan: { plan_code: string };
  customer: { email: string; display_name: string };
  current_term_starts_at: string;
  current_term_ends_at: string;
  trial_starts_at?: string;
  trial_ends_at?: string;
  trial_remaining_days?: number;
  auto_collect?: boolean;
  reference_id?: string;
}

export interface SignedWebhook {
  rawBody: string;
  headers: Record<string, string>;
  query: Record<string, string>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => resolve(text));
  });

const id = () => randomBytes(8).toString('hex');
const addDaysToDate = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const addMonthsToDate = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};
const PLAN_MONTHS: Record<string, number> = {
  'x-trader-quarterly': 3,
  'x-trader-half-yearly': 6,
  'x-trader-yearly': 12,
};

export class FakeZoho {
  readonly hostedPages = new Map<string, HostedPage>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every request seen, for contract assertions. */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  private readonly tokens = new Set<string>();
  /** Zoho's "today" (its organisation's date) for subscriptions created through the API. */
  today = new Date().toISOString().slice(0, 10);
  /** While set, POST /subscriptions answers this HTTP status (Zoho down or refusing). */
  failSubscriptionsWith: number | undefined;
  private server: Server | undefined;
  baseUrl = '';

  constructor(readonly credentials: FakeZohoCredentials) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get accountsUrl() {
    return this.baseUrl;
  }

  get apiUrl() {
    return `${this.baseUrl}/billing/v1`;
  }

  tokenRequests() {
    return this.requests.filter((r) => r.path.startsWith('/oauth/v2/token')).length;
  }

  /** Zoho revokes every access token (the next API call answers 401). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The buyer pays on the hosted page: Zoho creates a live subscription whose term starts `today`. */
  completeHostedPage(hostedPageId: string, today: string): FakeSubscription {
    const page = this.hostedPages.get(hostedPageId);
    if (!page) throw new Error(`no hosted page ${hostedPageId}`);
    const subscription: FakeSubscription = {
      subscription_id: `9030000${id()}`,
      status: 'live',
      plan: { plan_code: page.planCode },
      customer: { email: page.email, display_name: 'Buyer' },
      current_term_starts_at: today,
      current_term_ends_at: addMonthsToDate(today, PLAN_MONTHS[page.planCode] ?? 1),
    };
    this.subscriptions.set(subscription.subscription_id, subscription);
    page.status = 'completed';
    page.subscriptionId = subscription.subscription_id;
    return subscription;
  }

  /** The customer pays for a trial subscription on `today`: it goes live on its plan's first paid term. */
  convertTrial(subscriptionId: string, today: string): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = 'live';
    subscription.current_term_starts_at = today;
    subscription.current_term_ends_at = addMonthsToDate(today, PLAN_MONTHS[subscription.plan.plan_code] ?? 1);
    return subscription;
  }

  /** Zoho bills the next term: the subscription's term moves on by one period. */
  renew(subscriptionId: string): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const months = PLAN_MONTHS[subscription.plan.plan_code] ?? 1;
    subscription.current_term_starts_at = subscription.current_term_ends_at;
    subscription.current_term_ends_at = addMonthsToDate(subscription.current_term_ends_at, months);
    return subscription;
  }

  /** The webhook Zoho would POST for `eventType` about a subscription, signed with the webhook secret. */
  webhook(
    eventType: string,
    subscription: FakeSubscription,
    query: Record<string, string> = {},
  ): SignedWebhook {
    const rawBody = JSON.stringify({
      created_time: '2026-11-23T10:00:00+0530',
      event_id: `${Date.now()}${id()}`,
      event_type: eventType,
      event_source: 'web',
      data: { subscription },
    });
    const signature = signZohoWebhook(this.credentials.webhookSecret, rawBody, query);
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [ZOHO_SIGNATURE_HEADER]: signature },
      query,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const body = await readBody(req);
    this.requests.push({
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body,
    });
    if (url.pathname === '/oauth/v2/token' && req.method === 'POST') return this.token(url, res);
    if (!url.pathname.startsWith('/billing/v1/')) return json(res, 404, { code: 404, message: 'Not found' });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Zoho-oauthtoken ') || !this.tokens.has(auth.slice('Zoho-oauthtoken '.length))) {
      return json(res, 401, { code: 57, message: 'You are not authorized to perform this operation' });
    }
    if (req.headers['x-com-zoho-subscriptions-organizationid'] !== this.credentials.organizationId) {
      return json(res, 400, { code: 6041, message: 'Organization id is invalid' });
    }
    return this.billing(req.method ?? 'GET', url.pathname.slice('/billing/v1'.length), body, res);
  }

  private token(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const c = this.credentials;
    if (p.get('grant_type') !== 'refresh_token' || p.get('client_id') !== c.clientId) {
      return json(res, 200, { error: 'invalid_client' });
    }
    if (p.get('client_secret') !== c.clientSecret || p.get('refresh_token') !== c.refreshToken) {
      return json(res, 200, { error: 'invalid_code' });
    }
    const token = `1000.${id()}`;
    this.tokens.add(token);
    return json(res, 200, {
      access_token: token,
      expires_in: 3600,
      api_domain: this.baseUrl,
      token_type: 'Bearer',
    });
  }

  private billing(method: string, path: string, body: string, res: ServerResponse) {
    if (method === 'POST' && path === '/hostedpages/newsubscription') return this.newSubscription(body, res);
    if (method === 'POST' && path === '/subscriptions') return this.createSubscription(body, res);
    const page = /^\/hostedpages\/([^/]+)$/.exec(path);
    if (method === 'GET' && page?.[1]) {
      const found = this.hostedPages.get(page[1]);
      if (!found) return json(res, 404, { code: 1001, message: 'Hosted page does not exist' });
      const subscription = found.subscriptionId ? this.subscriptions.get(found.subscriptionId) : undefined;
      return json(res, 200, {
        code: 0,
        message: 'success',
        hostedpage_id: found.hostedpage_id,
        status: found.status,
        url: found.url,
        action: 'new_subscription',
        data: subscription ? { subscription } : {},
      });
    }
    const sub = /^\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub?.[1]) {
      const found = this.subscriptions.get(sub[1]);
      if (!found) return json(res, 404, { code: 1002, message: 'Subscription does not exist' });
      return json(res, 200, { code: 0, message: 'success', subscription: found });
    }
    return json(res, 404, { code: 5, message: 'Invalid URL Passed' });
  }

  /** POST /subscriptions: a new customer's subscription; with `plan.trial_days` it starts in trial today. */
  private createSubscription(body: string, res: ServerResponse) {
    if (this.failSubscriptionsWith !== undefined) {
      return json(res, this.failSubscriptionsWith, { code: 1, message: 'Service temporarily unavailable' });
    }
    const request = JSON.parse(body) as {
      customer?: { display_name?: string; email?: string };
      customer_id?: string;
      plan?: { plan_code?: string; trial_days?: number };
      auto_collect?: boolean;
      reference_id?: string;
    };
    const planCode = request.plan?.plan_code ?? '';
    if (!(planCode in PLAN_MONTHS)) return json(res, 400, { code: 4, message: 'Plan does not exist' });
    if (!request.customer?.email || !request.customer.display_name) {
      return json(res, 400, { code: 4, message: 'Customer details are required' });
    }
    const trialDays = request.plan?.trial_days ?? 0;
    const months = PLAN_MONTHS[planCode] ?? 1;
    const trialEnds = addDaysToDate(this.today, trialDays);
    const subscription: FakeSubscription = {
      subscription_id: `9030000${id()}`,
      status: trialDays > 0 ? 'trial' : 'live',
      plan: { plan_code: planCode },
      customer: { email: request.customer.email, display_name: request.customer.display_name },
      current_term_starts_at: this.today,
      current_term_ends_at: trialDays > 0 ? trialEnds : addMonthsToDate(this.today, months),
      ...(trialDays > 0
        ? { trial_starts_at: this.today, trial_ends_at: trialEnds, trial_remaining_days: trialDays }
        : {}),
      auto_collect: request.auto_collect ?? true,
      ...(request.reference_id ? { reference_id: request.reference_id } : {}),
    };
    this.subscriptions.set(subscription.subscription_id, subscription);
    return json(res, 201, { code: 0, message: 'Subscription has been created successfully.', subscription });
  }

  private newSubscription(body: string, res: ServerResponse) {
    const request = JSON.parse(body) as {
      customer?: { display_name?: string; email?: string };
      plan?: { plan_code?: string };
      redirect_url?: string;
    };
    const planCode = request.plan?.plan_code ?? '';
    if (!(planCode in PLAN_MONTHS)) return json(res, 400, { code: 4, message: 'Plan does not exist' });
    if (!request.customer?.email || !request.customer.display_name) {
      return json(res, 400, { code: 4, message: 'Customer details are required' });
    }
    const hostedpageId = randomBytes(24).toString('hex');
    const page: HostedPage = {
      hostedpage_id: hostedpageId,
      status: 'fresh',
      url: `${this.baseUrl}/hostedpage/${hostedpageId}/checkout`,
      planCode,
      email: request.customer.email,
      redirectUrl: request.redirect_url ?? '',
    };
    this.hostedPages.set(hostedpageId, page);
    return json(res, 201, {
      code: 0,
      message: 'Hosted page has been created successfully.',
      hostedpage: {
        hostedpage_id: hostedpageId,
        status: 'fresh',
        url: page.url,
        action: 'new_subscription',
        expiring_time: '2026-11-23T11:00:00+0530',
        created_time: '2026-11-23T10:00:00+0530',
      },
    });
  }
}
