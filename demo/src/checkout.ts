// The demo's hosted checkout page runs the service's page script, written once in
// packages/service/src/browser (not a published entry: the service serves it built under /hosted/): it
// opens the session's status stream from the element the server wrote while the element's code loads,
// loads the shopper's language before defining the element, and keeps the heading and the lead
// sentence to the element's state (docs/performance.md).
import '../../packages/service/src/browser/checkout.js';
