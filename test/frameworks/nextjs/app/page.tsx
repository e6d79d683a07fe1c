// A server component: the order's page, the checkout a client component rendered on the server too.
import { Checkout } from './checkout';

export default function Page() {
  return (
    <main>
      <h1>Order order-1</h1>
      <p>5,000.00 NGN</p>
      <Checkout orderId="order-1" />
    </main>
  );
}
