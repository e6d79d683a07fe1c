// The demo's hosted checkout page: the service's page script (written once, in
// @pay-elements/service/browser/checkout): it opens the session's status stream from the element the
// server wrote while the element's code loads, loads the shopper's language before defining the
// element, and keeps the heading and the lead sentence to the element's state (docs/performance.md).
import '@pay-elements/service/browser/checkout';
