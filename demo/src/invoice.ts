// The demo's hosted invoice page: the service's page script (@pay-elements/service/browser/invoice).
import '@pay-elements/service/browser/invoice';
