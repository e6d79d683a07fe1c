// The demo's page of a customer's own accounts runs the service's page script, written once in
// packages/service/src/browser (not a published entry: the service serves it built under /hosted/).
import '../../packages/service/src/browser/fund.js';
