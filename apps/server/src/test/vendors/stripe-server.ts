import crypto from 'node:crypto';
import { startFixtureServer, type FixtureReply, type FixtureRequest } from './http-fixture.js';

/**
 * A loopback server speaking Stripe's REST format (v1, form-encoded requests with bracket
 * notation, JSON answers, Stripe's error shapes) for the endpoints billing uses: Customers,
 * Prices (by lookup key), Products, Checkout Sessions (embedded: payment, subscription, setup),
 * Payment Methods, Subscriptions, Invoices and Coupons. A test plays the customer with
 * `completeCheckout`, which changes the state as Stripe would and answers the events Stripe
 * would send; `signed` signs an event as Stripe signs webhooks.
 */

type Obj = Record<string, any>;
export type StripeEvent = { id: string; object: 'event'; type: string; created: number; data: { object: Obj }; api_version: string; livemode: false };

/** Stripe's form encoding: `a[b][0][c]=v` into nested objects and arrays. */
export function parseStripeForm(params: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const slot = part === '' ? (node as unknown[]).length : part;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
const stripeError = (status: number, type: string, message: string, extra: Obj = {}): FixtureReply => ({ status, body: { error: { type, message, ...extra } } });
const missing = (what: string, id: string, param = 'id') => stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });

export type StripeFixture = Awaited<ReturnType<typeof startStripeServer>>;

export async function startStripeServer(options: { secretKey: string; webhookSecret: string }) {
  const customers = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  /** Faults to answer instead of the real thing, first match first, each used once. */
  const faults: Array<{ method: string; path: RegExp; reply: FixtureReply }> = [];
  const idempotent = new Map<string, FixtureReply>();

  const priceByLookup = (key: string) => [...prices.values()].find((p) => p.lookup_key === key && p.active);

  function handle(req: FixtureRequest): FixtureReply {
    const auth = String(req.headers.authorization ?? '');
    if (auth !== `Bearer ${options.secretKey}`) {
      return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}****`);
    }
    const fault = faults.findIndex((f) => f.method === req.method && f.path.test(req.url.pathname));
    if (fault >= 0) return faults.splice(fault, 1)[0]!.reply;
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && idempotent.has(key)) return idempotent.get(key)!;
    const reply = route(req);
    if (req.method === 'POST' && typeof key === 'string' && reply.status < 500) idempotent.set(key, reply);
    return reply;
  }

  function route(req: FixtureRequest): FixtureReply {
    const p = req.url.pathname;
    const body = req.method === 'GET' ? parseStripeForm(req.url.searchParams) : parseStripeForm(req.form());
    let m: RegExpExecArray | null;

    if (req.method === 'POST' && p === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', created: now(), email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, invoice_settings: { default_payment_method: null } };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(p))) {
      const customer = customers.get(m[1]!);
      if (!customer) return missing('customer', m[1]!);
      if (req.method === 'POST' && body.invoice_settings?.default_payment_method !== undefined) {
        const pm = paymentMethods.get(body.invoice_settings.default_payment_method);
        if (!pm || pm.customer !== customer.id) return missing('PaymentMethod', body.invoice_settings.default_payment_method, 'invoice_settings[default_payment_method]');
        customer.invoice_settings.default_payment_method = pm.id;
      }
      return { status: 200, body: customer };
    }
    if (req.method === 'GET' && (m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(p))) {
      if (!customers.has(m[1]!)) return missing('customer', m[1]!);
      return { status: 200, body: list([...paymentMethods.values()].filter((pm) => pm.customer === m![1]), p) };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(p))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return missing('PaymentMethod', m[1]!);
      if (m[2]) {
        if (!pm.customer) return stripeError(400, 'invalid_request_error', 'The payment method you provided is not attached to a customer so detachment is impossible.');
        const customer = customers.get(pm.customer);
        if (customer && customer.invoice_settings.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null;
        pm.customer = null;
      }
      return { status: 200, body: pm };
    }
    if (p === '/v1/products' && req.method === 'POST') {
      if (products.has(body.id)) return stripeError(400, 'invalid_request_error', `Product already exists.`, { code: 'resource_already_exists' });
      const product = { id: body.id ?? newId('prod'), object: 'product', name: body.name, active: true };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if ((m = /^\/v1\/products\/([^/]+)$/.exec(p))) {
      return products.has(m[1]!) ? { status: 200, body: products.get(m[1]!) } : missing('product', m[1]!);
    }
    if (p === '/v1/prices' && req.method === 'GET') {
      const keys: string[] = body.lookup_keys ?? [];
      return { status: 200, body: list([...prices.values()].filter((pr) => keys.includes(pr.lookup_key) && (body.active === undefined || String(pr.active) === body.active)), p) };
    }
    if (p === '/v1/prices' && req.method === 'POST') {
      if (!products.has(body.product)) return missing('product', body.product, 'product');
      const taken = priceByLookup(body.lookup_key);
      if (taken && body.transfer_lookup_key !== 'true') {
        return stripeError(400, 'invalid_request_error', `A price (\`${taken.id}\`) already uses that lookup key.`, { param: 'lookup_key' });
      }
      if (taken) taken.lookup_key = null;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        nickname: body.nickname ?? null,
        product: body.product,
        recurring: body.recurring ? { interval: body.recurring.interval, interval_count: 1 } : null,
        type: body.recurring ? 'recurring' : 'one_time',
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (p === '/v1/checkout/sessions' && req.method === 'POST') {
      if (body.ui_mode !== 'embedded') return stripeError(400, 'invalid_request_error', 'This test server only serves embedded checkout.', { param: 'ui_mode' });
      if (!customers.has(body.customer)) return missing('customer', body.customer, 'customer');
      const line = body.line_items?.[0];
      const price = line ? prices.get(line.price) : undefined;
      if (body.mode !== 'setup' && !price) return missing('price', line?.price ?? '', 'line_items[0][price]');
      if (body.mode === 'subscription' && !price?.recurring) return stripeError(400, 'invalid_request_error', 'You must provide at least one recurring price in `subscription` mode.', { param: 'line_items' });
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        ui_mode: 'embedded',
        mode: body.mode,
        status: 'open',
        payment_status: body.mode === 'setup' ? 'no_payment_required' : 'unpaid',
        customer: body.customer,
        metadata: body.metadata ?? {},
        subscription: null,
        setup_intent: null,
        amount_total: price ? price.unit_amount * Number(line.quantity ?? 1) : null,
        currency: price?.currency ?? body.currency ?? 'usd',
        line: price ? { price: price.id, quantity: Number(line.quantity ?? 1) } : null,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (req.method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.discounts) {
          const couponId = body.discounts[0]?.coupon;
          if (!coupons.has(couponId)) return missing('coupon', couponId, 'discounts[0][coupon]');
          sub.discounts = [{ id: newId('di'), object: 'discount', coupon: coupons.get(couponId), subscription: sub.id }];
        }
      }
      return { status: 200, body: sub };
    }
    if (p === '/v1/invoices' && req.method === 'GET') {
      return { status: 200, body: list([...invoices.values()].filter((i) => i.customer === body.customer).sort((a, b) => b.created - a.created), p) };
    }
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(p))) {
      return coupons.has(m[1]!) ? { status: 200, body: coupons.get(m[1]!) } : missing('coupon', m[1]!);
    }
    if (p === '/v1/coupons' && req.method === 'POST') {
      if (coupons.has(body.id)) return stripeError(400, 'invalid_request_error', 'Coupon already exists.', { code: 'resource_already_exists' });
      const coupon = { id: body.id ?? newId('co'), object: 'coupon', percent_off: Number(body.percent_off), duration: body.duration, name: body.name ?? null, valid: true };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${p}).`);
  }

  const server = await startFixtureServer(handle);

  function event(type: string, object: Obj, created = now()): StripeEvent {
    return { id: newId('evt'), object: 'event', type, created, data: { object: structuredClone(object) }, api_version: '2026-10-28.endive', livemode: false };
  }

  function addCard(customerId: string, last4 = '4242'): Obj {
    const pm = { id: newId('pm'), object: 'payment_method', type: 'card', customer: customerId, card: { brand: 'visa', last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } };
    paymentMethods.set(pm.id, pm);
    const customer = customers.get(customerId)!;
    customer.invoice_settings.default_payment_method ??= pm.id;
    return pm;
  }

  function invoiceFor(sub: Obj, price: Obj, status: 'paid' | 'open', reason: string): Obj {
    const item = sub.items.data[0];
    const product = products.get(price.product);
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      created: now(),
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      description: null,
      billing_reason: reason,
      hosted_invoice_url: `${server.url}/invoices/${sub.id}`,
      invoice_pdf: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            amount: price.unit_amount,
            description: `1 × ${product?.name ?? price.nickname} (at $${(price.unit_amount / 100).toFixed(2)} / ${price.recurring.interval})`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
          },
        ],
        `/v1/invoices/lines`,
      ),
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * The customer finishes embedded checkout: Stripe changes its objects and answers the events
   * it would send, in Stripe's order. A subscription starts active with its first invoice paid.
   */
  function completeCheckout(sessionId: string): StripeEvent[] {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    session.status = 'complete';
    const events: StripeEvent[] = [];
    if (session.mode === 'setup') {
      addCard(session.customer);
      return [event('checkout.session.completed', session)];
    }
    if (!customers.get(session.customer)!.invoice_settings.default_payment_method) addCard(session.customer);
    session.payment_status = 'paid';
    if (session.mode === 'payment') return [event('checkout.session.completed', session)];

    const price = prices.get(session.line.price)!;
    const start = now();
    const end = start + (price.recurring.interval === 'year' ? 365 : 30) * 86_400;
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      discounts: [],
      metadata: session.metadata,
      items: list([{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: end }], '/v1/subscription_items'),
    };
    subscriptions.set(sub.id, sub);
    session.subscription = sub.id;
    events.push(event('customer.subscription.created', sub));
    const invoice = invoiceFor(sub, price, 'paid', 'subscription_create');
    sub.status = 'active';
    events.push(event('invoice.paid', invoice), event('customer.subscription.updated', sub), event('checkout.session.completed', session));
    return events;
  }

  /** The subscription renews: a new period and its invoice, paid or failed. */
  function renew(subscriptionId: string, outcome: 'paid' | 'failed'): StripeEvent[] {
    const sub = subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    const length = item.current_period_end - item.current_period_start;
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + length;
    const invoice = invoiceFor(sub, item.price, outcome === 'paid' ? 'paid' : 'open', 'subscription_cycle');
    sub.status = outcome === 'paid' ? 'active' : 'past_due';
    return [event(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice), event('customer.subscription.updated', sub)];
  }

  /** A change made in Stripe's dashboard or by Stripe itself, with its event. */
  function updateSubscription(subscriptionId: string, change: Partial<{ cancel_at_period_end: boolean; status: string }>): StripeEvent {
    const sub = subscriptions.get(subscriptionId)!;
    Object.assign(sub, change);
    return event(change.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', sub);
  }

  /** The body and Stripe-Signature header Stripe would send for this event. */
  function signed(evt: StripeEvent, secret = options.webhookSecret, timestamp = now()) {
    const payload = JSON.stringify(evt, null, 2);
    const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return { payload, header: `t=${timestamp},v1=${signature}` };
  }

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    customers,
    prices,
    products,
    sessions,
    paymentMethods,
    subscriptions,
    invoices,
    coupons,
    /** Answers `reply` to the next request matching method and path (once). */
    fail: (method: string, path: RegExp, reply: FixtureReply) => faults.push({ method, path, reply }),
    /** A 429 in Stripe's shape: `{error: {type, code: 'rate_limit', message}}`. */
    rateLimited: (): FixtureReply => stripeError(429, 'invalid_request_error', 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.', { code: 'rate_limit' }),
    addCard,
    completeCheckout,
    renew,
    updateSubscription,
    event,
    signed,
    lastSession: () => [...sessions.values()].at(-1),
  };
}
