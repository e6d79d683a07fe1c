// The demo shop's orders. A real merchant answers from its own database; the amounts here are fixed
// so that the demo and the tests know what to expect.
import type { Order } from '@pay-elements/server';

export interface DemoOrder {
  id: string;
  title: string;
  amount: string;
  currency: string;
}

export const demoOrders: readonly DemoOrder[] = [
  { id: 'demo-1', title: 'Ankara tote bag', amount: '5000.00', currency: 'NGN' },
  { id: 'demo-2', title: 'Handwoven Aso-oke throw', amount: '18500.50', currency: 'NGN' },
  { id: 'demo-3', title: 'Studio headphones', amount: '125000.00', currency: 'NGN' },
];

/** `resolveOrder` for the kit: the demo orders, charged to one customer. */
export function demoOrderResolver(customerId: string): (orderId: string) => Order | null {
  return (orderId) => {
    const order = demoOrders.find((o) => o.id === orderId);
    return order ? { amount: order.amount, currency: order.currency, customer_id: customerId } : null;
  };
}
