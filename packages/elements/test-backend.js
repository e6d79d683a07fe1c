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
//                                                        (the kit itself answers its stored state
//                                                        when the provider is down); DELETE clears
import { createServer } from 'node:http';

const KEY = 'sk_sandbox_local';
const WEBHOOK_SECRET = 'whsec_elements_tests';

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
  const [
    { startSandbox, createClock, SandboxControl },
    { createPayHandler, MemoryStore },
    { toNodeListener },
    api,
  ] = await Promise.all([
    import('@pay-elements/sandbox'),
    import('@pay-elements/server'),
    import('@pay-elements/server/node'),
    import('@pay-elements/api'),
  ]);

  // The kit also listens on its own loopback port, for the emulator's webhooks.
  let kitListener = null;
  const kitServer = createServer((req, res) => kitListener?.(req, res));
  await new Promise((resolve) => kitServer.listen(0, '127.0.0.1', resolve));
  const kitUrl = `http://127.0.0.1:${kitServer.address().port}`;

  const sandbox = await startSandbox({
    port: 0,
    clock: createClock({ frozen: true }),
    webhookUrl: `${kitUrl}/pay/webhooks`,
    webhookSecret: WEBHOOK_SECRET,
  });
  const control = new SandboxControl(sandbox.url, KEY);
  const customer = await control.createCustomer({
    email: 'ada.obi@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    country_code: 'NGA',
    phone: '8031234567',
    dial_code: '+234',
  });

  const kit = createPayHandler({
    client: new api.PayClient({ apiKey: KEY, baseUrl: sandbox.url, maxRetries: 0, timeout: 2000 }),
    store: new MemoryStore(),
    clock: sandbox.clock,
    resolveOrder: (orderId) => {
      const amount = orderAmounts[orderPattern.exec(orderId)?.[1] ?? ''];
      return amount ? { amount, currency: 'NGN', customer_id: customer.id } : null;
    },
    webhookSecret: WEBHOOK_SECRET,
    checkoutUrl: (sessionId) => `https://shop.example/checkout/${encodeURIComponent(sessionId)}`,
    logger: { debug() {}, info() {}, warn() {}, error: (message, fields) => console.error(message, fields) },
  });
  kitListener = toNodeListener(kit);

  let outage = 0;

  /** /pay/... → the kit's node listener (koa steps aside: the kit writes the answer itself). */
  const kitMiddleware = async (ctx, next) => {
    if (ctx.path !== '/pay' && !ctx.path.startsWith('/pay/')) return next();
    if (outage > 0 && ctx.method === 'GET' && ctx.path.startsWith('/pay/sessions/')) {
      outage--;
      return send(ctx, 503, {
        error: { code: 'upstream_unavailable', message: 'the payment service is unavailable' },
      });
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
  };

  const controlMiddleware = async (ctx, next) => {
    if (!ctx.path.startsWith('/_test/')) return next();
    const route = controlRoutes[`${ctx.method} ${ctx.path.slice('/_test'.length)}`];
    if (!route) return send(ctx, 404, { message: 'unknown test route' });
    try {
      const body = ctx.method === 'POST' ? await readJson(ctx.req) : {};
      return send(ctx, 200, { data: await route(body) });
    } catch (error) {
      return send(ctx, error.status ?? 500, { message: String(error.message ?? error) });
    }
  };

  return {
    middleware: [controlMiddleware, kitMiddleware],
    async close() {
      await kit.close();
      await sandbox.close();
      await new Promise((resolve) => kitServer.close(resolve));
    },
  };
}
