// The demo shop's orders. A real merchant answers from its own database; the amounts here are fixed
// so that the demo and the tests know what to expect.
//
// `demoOrders` are the shop's orders a visitor pays (the docs and tests use demo-1, demo-2, demo-3);
// `exampleOrders` belong to the demo's own pages (the gallery's paid example, the themes and
// languages pages, the script-tag, React and Vue pages' checkouts), so that showing an example never
// uses up an order a visitor is about to pay, nor one page's payment shows "paid" on another.
import type { Order } from '@pay-elements/server';
import type { SessionMerchant } from '@pay-elements/protocol';
import { pickLanguage } from '@pay-elements/service/hosted';

export interface DemoOrder {
  id: string;
  title: string;
  /** the shop's own order number, shown on the hosted checkout */
  reference: string;
  amount: string;
  currency: string;
}

export const demoOrders: readonly DemoOrder[] = [
  { id: 'demo-1', title: 'Ankara tote bag', reference: '#1001', amount: '5000.00', currency: 'NGN' },
  {
    id: 'demo-2',
    title: 'Handwoven Aso-oke throw',
    reference: '#1002',
    amount: '18500.50',
    currency: 'NGN',
  },
  { id: 'demo-3', title: 'Studio headphones', reference: '#1003', amount: '125000.00', currency: 'NGN' },
];

export const exampleOrders: readonly DemoOrder[] = [
  {
    id: 'gallery-paid',
    title: 'Gallery example: paid',
    reference: '#G-1',
    amount: '7500.00',
    currency: 'NGN',
  },
  { id: 'themes', title: 'Themes example', reference: '#T-1', amount: '5000.00', currency: 'NGN' },
  { id: 'languages', title: 'Languages example', reference: '#L-1', amount: '18500.50', currency: 'NGN' },
  // a seven-figure amount, the widest a checkout shows (test/e2e/geometry.test.ts measures it)
  {
    id: 'seven-figures',
    title: 'Solar generator set',
    reference: '#G-1',
    amount: '1250000.00',
    currency: 'NGN',
  },
  // the same amounts as demo-1, demo-2 and demo-3, which these pages used to borrow
  { id: 'script-tag', title: 'Script-tag example', reference: '#S-1', amount: '5000.00', currency: 'NGN' },
  { id: 'react', title: 'React example', reference: '#R-1', amount: '18500.50', currency: 'NGN' },
  { id: 'vue', title: 'Vue example', reference: '#V-1', amount: '125000.00', currency: 'NGN' },
];

/** Who the demo shop is, as the hosted checkout names it. */
export function demoMerchant(siteUrl: string): SessionMerchant {
  return { name: 'Acme Stores', logo_url: `${siteUrl}/logo.svg` };
}

/**
 * `resolveOrder` for the kit: the demo's orders, charged to one customer, with what the checkout shows;
 * with `shopperEmail` (PAY_DEMO_SHOPPER_EMAIL), naming that shopper, in the language their browser asks
 * for, so that a paid order sends its receipt email.
 */
export function demoOrderResolver(
  customerId: string,
  siteUrl: string,
  shopperEmail?: string,
): (orderId: string, context?: { request: Request }) => Order | null {
  return (orderId, context) => {
    const order = [...demoOrders, ...exampleOrders].find((o) => o.id === orderId);
    if (!order) return null;
    return {
      amount: order.amount,
      currency: order.currency,
      customer_id: customerId,
      display: {
        order: { title: order.title, reference: order.reference },
        return_url: `${siteUrl}/`,
      },
      ...(shopperEmail
        ? {
            email: shopperEmail,
            locale: pickLanguage(context?.request.headers.get('accept-language') ?? undefined),
          }
        : {}),
    };
  };
}
