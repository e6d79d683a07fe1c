// The backend the browser tests run against, started in Node by web-test-runner.config.js: the
// real emulator (@pay-elements/sandbox, frozen clock) and the real kit (@pay-elements/server) on
// top of it through the real client (@pay-elements/api), exposed to the dev server as koa middleware.
// Needs tsx registered first (the workspace packages are TypeScript).
//
//   /pay/...          the kit, mounted with its own node:http adapter as a merchant would
//   /_test/...        test-only control, forwarded to the emulator's control API in Node (the key
//                     never reaches the browser):
//     POST   /_test/transfers   {account_number, amount}  an inbound transfer; answers once the
//                                                        emulator's webhook has reached the kit
//     POST   /_test/clock       {advance_minutes}         moves the emulator's (= the kit's) clock
//     POST   /_test/faults      {path_prefix, status, …}  provider failures; DELETE clears them
//     POST   /_test/kit-outage  {times}                   the next `times` GET /pay/sessions/… answer
//                                                        503 upstream_unavailable in front of the kit
//                                                        (the kit answers so too for a pending session
//                                                        once a /v1/transactions fault fails its check,
//                                                        but only when its next check is due on the
//                                                        frozen clock: /_test/clock); DELETE clears
//     POST   /_test/invoices    {email, items, charges?, note?, payment_schedule}
//                                                        a new invoice through the api client (POST
//                                                        /v1/invoices); answers its record
//                                                        (`invoice_number`, `total`, …)
//     POST   /_test/invoices/{number}/pay                pays it in the emulator; answers once the
//                                                        emulator's `invoice.paid` webhook is done
//     POST   /_test/payouts     {account_number, bank_code, account_name?, amount?}
//                                                        a bank_transfer payment from the NGN wallet:
//                                                        the emulator learns the bank, so
//                                                        /pay/banks/suggest knows it afterwards
//     POST   /_test/bank-suggestions/reset               a fresh rate-limit bucket for
//                                                        /pay/banks/suggest (see below)
//     POST   /_test/streams                              the kit's status streams seen so far:
//                                                        {open, total, lastEventIds} (connections
//                                                        counted at the kit's door)
//     POST   /_test/streams/drop                         drops every open stream's connection
//     POST   /_test/stream-refusal {status, times}       the next `times` stream requests answer
//                                                        `status` (404 or 503) in front of the kit;
//                                                        DELETE /_test/faults clears it
//
// Fixtures (packages/sandbox/README.md, fixtures.ts; the seed time is the backend's start time):
//   invoices  INV-000101 NGN 287,625.00 pending, due 8 days after the seed (10 % discount, 7.5 % tax)
//             INV-000102 USD 1,525.00 paid (flat tax 0, flat fee 25.00)
//             INV-000103 GHS 3,520.00 pending, due in 12 days (flat shipping 120.00)
//             Paying a fixture changes it for every later test: create your own with /_test/invoices.
//             A pending invoice reads `overdue` once /_test/clock moves past its due date.
//   links     priced in NGN (the kit's linkCurrency); lnk_pro_monthly (active, 15000.00, expires in 30 days), lnk_community_donation (active,
//             5000.00, 60 days), lnk_workshop_ticket (inactive, 25000.00), lnk_black_friday (expired,
//             9999.99). The kit keeps the link list 30 s on the (frozen) clock.
//   banks     NG (10 banks), GH, KE, ZA (6 each), US (5); any other assigned code (e.g. FR) answers
//             404 not_found, a malformed one (e.g. X1, NGA) 400 invalid_request. The kit keeps each
//             list a day: a fault on /v1/banks/<CC> only shows on a country not loaded yet (503), or
//             as a stale list (header `pay-cache: stale`) after /_test/clock moves past a day.
//   suggest   enabled; 0123456789 is known at 058 Guaranty Trust Bank and 044 Access Bank; any
//             other account is known once /_test/payouts paid it. 10 suggestions a minute per bucket
//             on the frozen clock (one more every 6 s of /_test/clock time): reset the bucket first.
//   hosted    invoiceUrl: https://shop.example/invoices/{number}
// a Standard Webhooks secret: `whsec_` + base64 of 32 bytes
const WEBHOOK_SECRET = `whsec_${Buffer.from('pay-elements element tests hooks').toString('base64')}`;

/**
 * Orders the kit's resolveOrder knows (src/test/backend.ts names them), each also with any suffix
 * (`order-basic-<uuid>`): the kit keeps one session per order, and each test wants its own.
 */
const orderAmounts = { 'order-basic': '5000.00', 'order-large': '1234567.89' };
const orderPattern = /^(order-[a-z]+)(?:-[\w-]+)?$/;

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(ctx, status, body) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

export async function startTestBackend() {
  const [{ createClock }, { MemoryStore }, { startEmulatorAndKit }] = await Promise.all([
    import('@pay-elements/sandbox'),
    import('@pay-elements/server'),
    import('@pay-elements/testing/emulator-and-kit'),
  ]);

  // /_test/bank-suggestions/reset moves every later suggestion to a fresh rate-limit bucket
  let suggestBucket = 0;
  // The kit also listens on its own loopback port, for the emulator's webhooks.
  const started = await startEmulatorAndKit({
    // frozen at the backend's start time: the fixtures are seeded relative to it
    clock: createClock({ frozen: true }),
    webhooks: true,
    webhookSecret: WEBHOOK_SECRET,
    customer: {
      email: 'ada.obi@example.com',
      first_name: 'Ada',
      last_name: 'Obi',
      country_code: 'NGA',
      phone: '8031234567',
      dial_code: '+234',
    },
    client: () => ({ timeout: 2000 }),
    kit: ({ customerId }) => ({
      store: new MemoryStore(),
      resolveOrder: (orderId) => {
        const amount = orderAmounts[orderPattern.exec(orderId)?.[1] ?? ''];
        return amount ? { amount, currency: 'NGN', customer_id: customerId } : null;
      },
      // a dropped stream comes back quickly, so that the resume test waits little real time
      streams: { retryMs: 100 },
      checkoutUrl: (sessionId) => `https://shop.example/checkout/${encodeURIComponent(sessionId)}`,
      invoiceUrl: (number) => `https://shop.example/invoices/${encodeURIComponent(number)}`,
      bankSuggestions: { enabled: true, perMinute: 10 },
      linkCurrency: 'NGN',
      merchant: { name: 'Acme Stores' },
      clientKey: () => `browser-${suggestBucket}`,
      // every browser test opens accounts for orders of its own, on a frozen clock
      accountRateLimit: false,
      logger: {
        debug() {},
        info() {},
        warn() {},
        error: (message, fields) => console.error(message, fields),
      },
    }),
  });
  const { sandbox, client, control, listener: kitListener } = started;

  let outage = 0;
  /** the kit's status streams: open responses, how many were opened, the Last-Event-ID of each */
  const streams = { open: new Set(), total: 0, lastEventIds: [] };
  let refusal = { status: 0, times: 0 };

  /** /pay/... → the kit's node listener (koa steps aside: the kit writes the answer itself). */
  const kitMiddleware = async (ctx, next) => {
    if (ctx.path !== '/pay' && !ctx.path.startsWith('/pay/')) return next();
    if (outage > 0 && ctx.method === 'GET' && ctx.path.startsWith('/pay/sessions/')) {
      outage--;
      return send(ctx, 503, {
        error: { code: 'upstream_unavailable', message: 'the payment service is unavailable' },
      });
    }
    if (ctx.method === 'GET' && /^\/pay\/sessions\/[^/]+\/events$/.test(ctx.path)) {
      if (refusal.times > 0) {
        refusal.times--;
        const code = refusal.status === 404 ? 'not_found' : 'upstream_unavailable';
        return send(ctx, refusal.status, { error: { code, message: 'refused by the test backend' } });
      }
      const res = ctx.res;
      streams.total++;
      streams.lastEventIds.push(ctx.get('last-event-id') || null);
      streams.open.add(res);
      res.once('close', () => streams.open.delete(res));
    }
    ctx.respond = false;
    await new Promise((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      kitListener(ctx.req, ctx.res);
    });
    return undefined;
  };

  const controlRoutes = {
    'POST /transfers': async (body) => {
      const credit = await control.transfer({
        account_number: body.account_number,
        amount: Number(body.amount),
      });
      await sandbox.flushWebhooks();
      return credit;
    },
    'POST /clock': async (body) => ({ now: await control.advanceClock(body.advance_minutes) }),
    'POST /faults': (body) => control.injectFault(body),
    'DELETE /faults': async () => {
      await control.clearFaults();
      outage = 0;
      refusal = { status: 0, times: 0 };
      return {};
    },
    'POST /kit-outage': (body) => {
      outage = body.times ?? 1;
      return { times: outage };
    },
    'DELETE /kit-outage': () => {
      outage = 0;
      return {};
    },
    'POST /invoices': (body) => client.invoices.create(body),
    'POST /payouts': (body) =>
      client.payments.send({
        from_amount: Number(body.amount ?? 100),
        from_wallet_id: 'wal_ngn_main',
        to_currency: 'NGN',
        payment_method: 'bank_transfer',
        info: {
          account_number: body.account_number,
          bank_code: body.bank_code,
          account_name: body.account_name ?? 'Test Recipient',
        },
      }),
    'POST /bank-suggestions/reset': () => ({ bucket: ++suggestBucket }),
    'POST /streams': () => ({
      open: streams.open.size,
      total: streams.total,
      lastEventIds: streams.lastEventIds,
    }),
    'POST /streams/drop': () => {
      const dropped = streams.open.size;
      for (const res of streams.open) res.destroy();
      return { dropped };
    },
    'POST /stream-refusal': (body) => {
      refusal = { status: body.status ?? 503, times: body.times ?? 1 };
      return refusal;
    },
  };

  /** POST /_test/invoices/{number}/pay */
  const payInvoice = async (number) => {
    const invoice = await control.payInvoice(number);
    await sandbox.flushWebhooks();
    return invoice;
  };

  const controlMiddleware = async (ctx, next) => {
    if (!ctx.path.startsWith('/_test/')) return next();
    const key = `${ctx.method} ${ctx.path.slice('/_test'.length)}`;
    const paying = /^POST \/invoices\/([^/]+)\/pay$/.exec(key);
    const route = paying ? () => payInvoice(decodeURIComponent(paying[1])) : controlRoutes[key];
    if (!route) return send(ctx, 404, { message: 'unknown test route' });
    try {
      const body = ctx.method === 'POST' ? await readJson(ctx.req) : {};
      return send(ctx, 200, { data: await route(body) });
    } catch (error) {
      // the api client's own refusals (bad parameters, nothing sent) carry status 0
      const status =
        error.status >= 400 && error.status < 600 ? error.status : error.status === 0 ? 400 : 500;
      return send(ctx, status, { message: String(error.message ?? error), fields: error.fields });
    }
  };

  return {
    middleware: [controlMiddleware, kitMiddleware],
    async close() {
      await started.close();
    },
  };
}
