// The demo's page of a customer's own accounts: the service's page script
// (@pay-elements/service/browser/fund).
import '@pay-elements/service/browser/fund';
