// The demo's hosted invoice page runs the service's page script, written once in
// packages/service/src/browser (not a published entry: the service serves it built under /hosted/).
import '../../packages/service/src/browser/invoice.js';
