// @pay-elements/elements: the classes, events and types, with no side effects. Register the tags
// by importing '@pay-elements/elements/define/pay-dynamic-account' (or define them yourself).
// the classes and what else their modules export, from their declarations (scripts/elements.mjs)
// elements:begin
export { PayBankPicker } from './components/bank-picker/bank-picker.js';
export { PayDynamicAccount } from './components/dynamic-account/dynamic-account.js';
export type { DynamicAccountState } from './components/dynamic-account/dynamic-account.js';
export { PayFundingAccount, fundingPollSchedule } from './components/funding-account/funding-account.js';
export type { FundingAccountState } from './components/funding-account/funding-account.js';
export { PayInvoiceView, invoicePollSchedule } from './components/invoice-view/invoice-view.js';
export type { InvoiceViewState } from './components/invoice-view/invoice-view.js';
export { PayLink } from './components/link/link.js';
export type { LinkElementState } from './components/link/link.js';
export { PayQr } from './components/qr/qr.js';
// elements:end
export type { BankDataStatus } from './controllers/bank-data.js';

export { PayStatusChangeEvent } from './events/pay-status-change.js';
export type {
  PayStatusChangeDetail,
  PaySessionStatusChangeDetail,
  PayInvoiceStatusChangeDetail,
} from './events/pay-status-change.js';
export { PayInvoicePaidEvent } from './events/pay-invoice-paid.js';
export type { PayInvoicePaidDetail } from './events/pay-invoice-paid.js';
export { PayShareEvent } from './events/pay-share.js';
export type { PayShareDetail } from './events/pay-share.js';
export { PayPaidEvent } from './events/pay-paid.js';
export type { PayPaidDetail } from './events/pay-paid.js';
export { PayExpiredEvent } from './events/pay-expired.js';
export type { PayExpiredDetail } from './events/pay-expired.js';
export { PayErrorEvent } from './events/pay-error.js';
export type { PayErrorDetail } from './events/pay-error.js';
export { PayDepositEvent } from './events/pay-deposit.js';
export type { PayDepositDetail } from './events/pay-deposit.js';
export { PayCopyEvent } from './events/pay-copy.js';
export type { PayCopyDetail } from './events/pay-copy.js';
export { PayClaimedEvent } from './events/pay-claimed.js';
export type { PayClaimedDetail } from './events/pay-claimed.js';

export { ManualClock, realClock } from './lib/clock.js';
import type { Clock as TimerClock } from './lib/clock.js';
export type { TimerClock };
export type { TimerId } from './lib/clock.js';
/** @deprecated since 0.2.0: renamed `TimerClock` (the kit's `Clock` is another type); removed in 0.3.0. */
export type Clock = TimerClock;
export type { BackendError, ClientErrorCode } from './errors.js';
export { registerTranslation, translationFor, en } from './i18n/index.js';
export type { Translation } from './i18n/types.js';
export type { PayTheme } from './styles/theme.js';
export { elementEvents } from './types/elements.js';

export type { SessionStatus, SessionView, ErrorCode, ShopperErrorCode } from '@pay-elements/protocol';
export type { InvoiceStatus, InvoiceViewModel, LinkStatus, LinkView } from '@pay-elements/protocol';
export type { BankEntry } from '@pay-elements/protocol';
export type { FundingAccount, FundingDeposit, FundingView } from '@pay-elements/protocol';
