// The kit as server-example sets it up: its options in one place, each with why it is set so, and the
// kit of the moment with its node listener (the demo reset puts a new kit on a fresh store in its place).
import {
  createPayHandler,
  type AccountRateLimitOptions,
  type Logger,
  type PayHandler,
  type PayHandlerOptions,
  type PayObserver,
  type PayStore,
} from '@pay-elements/server';
import { toNodeListener, type NodeListener, type NodeListenerOptions } from '@pay-elements/server/node';
import { receiptOptions, receiptSenderOf } from '@pay-elements/service';
import { requestFields } from '@pay-elements/service/operations';
import type { ExampleConfig } from './config.js';
import { demoMerchant, demoOrderResolver } from './orders.js';
import type { Provider } from './provider.js';

/** Signs the demo's links with the emulator (the configuration refuses a provider without its own). */
const DEMO_TOKEN_SECRET = 'pay-elements demo: links signed with the emulator only';

export interface KitSetup {
  config: ExampleConfig;
  /** this server's public URL, for the hosted pages' links */
  url: string;
  provider: Provider;
  logger: Logger;
  /** the metrics' observer, when PAY_METRICS_PORT is set */
  observer?: PayObserver | undefined;
  /** who a request comes from, for the kit's per-client limits (client-key.ts) */
  clientKey: (request: Request) => string;
  /** called after the kit marks a session paid */
  onPaid?: ((sessionId: string) => void) | undefined;
  /** the limit on accounts opened per client and per order; default the kit's */
  accountRateLimit?: AccountRateLimitOptions | undefined;
}

/** The kit's options on `store`. */
export function kitOptions(setup: KitSetup, store: PayStore): PayHandlerOptions {
  const { config, url, provider, logger: log } = setup;
  return {
    client: provider.client,
    store,
    resolveOrder: demoOrderResolver(provider.customerId, url, config.PAY_DEMO_SHOPPER_EMAIL),
    merchant: demoMerchant(url),
    onPaid: async (session) => {
      if (config.PAY_DEMO_FULFIL_MS > 0) {
        log.info(`order ${session.orderId} fulfilling (session ${session.id})`, { session_id: session.id });
        await new Promise((resolve) => setTimeout(resolve, config.PAY_DEMO_FULFIL_MS));
      }
      log.info(`order ${session.orderId} paid (session ${session.id})`, { session_id: session.id });
      setup.onPaid?.(session.id);
    },
    pollIntervalMs: config.PAY_POLL_INTERVAL_MS,
    onPaidRetryAfterMs: config.PAY_ONPAID_RETRY_AFTER_MS,
    lifespanMinutes: config.PAY_LIFESPAN_MINUTES,
    basePath: '/pay',
    // the emulator's clock, so that its /_sandbox/clock moves the kit's time too
    ...(provider.emulator ? { clock: provider.emulator.sandbox.clock } : {}),
    ...(provider.webhookSecret ? { webhookSecret: provider.webhookSecret } : {}),
    logger: log,
    // the request's id (nameRequest set it as the request arrived) on the kit's lines
    logFields: requestFields,
    ...(setup.observer ? { observer: setup.observer } : {}),
    checkoutUrl: (id) => `${url}/checkout/${encodeURIComponent(id)}`,
    invoiceUrl: (token) => `${url}/invoices/${token}`,
    // the hosted receipt of a paid session, linked from its view
    ...receiptOptions(url),
    // with the emulator, a demo secret that survives restarts (links stay good); a provider needs its own
    tokenSecret: config.PAY_TOKEN_SECRET ?? DEMO_TOKEN_SECRET,
    bankSuggestions: { enabled: true, perMinute: 10 },
    linkCurrency: 'NGN',
    clientKey: setup.clientKey,
    // the demo customer's own accounts (/fund/{token}), a naira and a dollar one, paid into at any time
    ...(provider.customerBvn
      ? { funding: fundingOptions(provider.customerBvn), onDeposit: logDeposit(log) }
      : {}),
    ...(setup.accountRateLimit ? { accountRateLimit: setup.accountRateLimit } : {}),
    // the receipt email of a paid order that names its shopper, when PAY_SMTP_URL is set
    ...receiptEmails(config),
  };
}

/** The kit's sender of receipt emails over PAY_SMTP_URL, from PAY_MAIL_FROM; none when it is unset. */
function receiptEmails(config: ExampleConfig): Pick<PayHandlerOptions, 'sendPaidEmail'> {
  const sender = receiptSenderOf({ ...config, PAY_MERCHANT_NAME: 'Acme Stores' });
  return sender ? { sendPaidEmail: sender.send } : {};
}

/**
 * Customers' own accounts in naira and dollars. A merchant reads each customer's BVN from its own
 * records (it has it from its KYC); the demo has one customer.
 */
function fundingOptions(bvn: string): NonNullable<PayHandlerOptions['funding']> {
  return { currencies: ['NGN', 'USD'], customer: () => ({ id_number: bvn }) };
}

/** The demo's onDeposit: a merchant credits the customer's balance here, once per `deposit.id`. */
function logDeposit(log: Logger): NonNullable<PayHandlerOptions['onDeposit']> {
  return (deposit) => {
    log.info(
      `customer ${deposit.customerId} credited ${deposit.amount} ${deposit.currency} (deposit ${deposit.id})`,
      {
        deposit_id: deposit.id,
      },
    );
  };
}

/** The kit of the moment, served at /pay through its own node listener. */
export interface CurrentKit {
  readonly pay: PayHandler;
  readonly listener: NodeListener;
  /** Closes the kit of the moment, then puts a new one, on the store `open` gives, in its place. */
  replace(open: () => Promise<PayStore>): Promise<void>;
}

/**
 * The kit on `store`, and its node listener, which writes the kit's answers as they are (no Fetch
 * objects) with `listen.headers` on each.
 */
export function currentKit(
  setup: KitSetup,
  store: PayStore,
  listen: Pick<NodeListenerOptions, 'headers' | 'onError'>,
): CurrentKit {
  let pay = createPayHandler(kitOptions(setup, store));
  let listener = toNodeListener(pay, listen);
  return {
    get pay() {
      return pay;
    },
    get listener() {
      return listener;
    },
    async replace(open) {
      await pay.close();
      pay = createPayHandler(kitOptions(setup, await open()));
      listener = toNodeListener(pay, listen);
    },
  };
}
