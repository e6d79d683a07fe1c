// The shape every translation table fills, in parts: the text each element shows, and the text several
// share. An element carries only its parts' English (./en/), so a page downloads the text of the
// elements it uses; a table for another language fills them all (`Translation`).
//
// Strings that embed a formatted value are functions of that value (already formatted with Intl by
// the caller), so word order stays the translator's.
import type {
  ShopperErrorCode,
  InvoiceChargeView,
  InvoiceStatus,
  LinkStatus,
  SessionStatus,
} from '@pay-elements/protocol';
import type { ClientErrorCode } from '../errors.js';

/** Which language a table is: every element reads it (the direction, the locale for Intl). */
export interface IdentityTranslation {
  /** BCP 47 language code of the table: "en", "fr". */
  $code: string;
  /** The language's own name: "English", "Français". */
  $name: string;
  /** The language's writing direction: "rtl" for Arabic, "ltr" otherwise. */
  $dir: 'ltr' | 'rtl';
}

/** What a failure to load means for the shopper, and the retry: every element that loads something. */
export interface FailureTranslation {
  /** What each failure means for the shopper. */
  errors: Record<ShopperErrorCode | ClientErrorCode, string>;
  retry: string;
}

/** The copy buttons' feedback: <pay-dynamic-account>, <pay-invoice-view>, <pay-link>. */
export interface CopyTranslation {
  /** Visible label of a copy button. */
  copy: string;
  /** Visible label of a copy button for a few seconds after it worked. */
  copied: string;
  /** Announced when the clipboard refused. */
  copyFailed: string;
}

/** The bank account to pay into, and a lost connection: <pay-dynamic-account>, <pay-invoice-view>. */
export interface PaymentDetailsTranslation {
  bankLabel: string;
  accountNameLabel: string;
  accountNumberLabel: string;
  /** Accessible name of the account number's copy button. */
  copyAccountNumber: string;
  /** Announced after the account number is copied. */
  copiedAccountNumber: string;
  /** While the element's polls fail and what it showed stays shown. */
  connection: {
    /** Shown in place of the waiting message, and announced once: "Reconnecting…" */
    reconnecting: string;
  };
}

/** The way to a payment's receipt, once paid: <pay-dynamic-account>, <pay-invoice-view>. */
export interface ReceiptTranslation {
  /** The link to the receipt the backend names (`receipt_url`): "View receipt". */
  viewReceipt: string;
}

/** <pay-qr>. */
export interface QrTranslation {
  /** Default accessible name of <pay-qr>. */
  qrCode: string;
}

/**
 * <pay-dynamic-account>'s words for what it loads after its first answer (dynamic-account.later.ts):
 * the expired state, "I've sent the money" and the confirming state, and "Pay for me". Its English ships with that code
 * (./en/dynamic-account-later.ts), not with the element's first load.
 */
export interface DynamicAccountLaterTranslation {
  expiredBody: string;
  /** The expired state: what becomes of a transfer already sent. */
  expiredAlreadySent: string;
  renew: string;
  renewing: string;
  claim: {
    /** The button the shopper presses once the transfer has left their bank. */
    button: string;
    /** The button while the claim is on its way. */
    sending: string;
    /** The confirming state, in place of the countdown (and said once on the live region). */
    confirming: string;
  };
  payForMe: {
    /** The button that shares the transfer details with someone who pays instead. */
    button: string;
    /** The first line of the text shared. */
    intro: string;
    /** The label of the expiry's line in the text shared. */
    expiresLabel: string;
    /** The label of the hosted checkout link's line in the text shared. */
    linkLabel: string;
    /** Said where there is no share sheet and the text went on the clipboard. */
    copied: string;
    /** Under the selected text where the clipboard is refused (a WebView). */
    hint: string;
  };
}

/** <pay-dynamic-account>. */
export interface DynamicAccountTranslation {
  /** Accessible name of the whole <pay-dynamic-account>. */
  regionLabel: string;
  loading: string;
  /** Heading of each session status. */
  statusTitle: Record<SessionStatus, string>;
  /** "Transfer exactly ₦5,000.00 to this account" */
  instructions: (amount: string) => string;
  amountLabel: string;
  /** Accessible name of the amount's copy button. */
  copyAmount: string;
  /** Announced after the amount is copied. */
  copiedAmount: string;
  /** Accessible name of the progress bar. */
  timeLeftLabel: string;
  /** "29 minutes, 5 seconds left" (the duration is in words). */
  timeLeftValue: (duration: string) => string;
  /** "Expires in 29:05" (the duration is a clock face). */
  expiresIn: (clockFace: string) => string;
  /** Announced at 10, 5 and 1 minute(s) left: "10 minutes left to pay". */
  remainingAnnouncement: (duration: string) => string;
  /** Shown, and announced once, in the last minutes: "Less than 5 minutes left. Send the transfer now…" */
  lowTime: (duration: string) => string;
  waiting: string;
  /** "Received on 1 January 2025 at 12:30" */
  paidAt: (dateTime: string) => string;
  paidBody: string;
  /** Shown, and announced, after a renewal: the account number changed. */
  newAccount: string;
  /** Heading of the error state. */
  errorTitle: string;
  /** Accessible name of the hosted-checkout QR in <pay-dynamic-account>. */
  qrCheckout: string;
  /** Visible caption under the hosted-checkout QR: what it is for. */
  qrCheckoutCaption: string;
  /** Accessible name of the QR of the transfer details, shown when there is no hosted checkout. */
  qrDetails: string;
  /** Visible caption under the QR of the transfer details. */
  qrDetailsCaption: string;
  /** One line of the QR's text: "Bank: Wema Bank" (the colon as the language writes it). */
  detailLine: (label: string, value: string) => string;
}

/** <pay-bank-picker>. */
export interface BankPickerTranslation {
  /** Numbers arrive formatted (except `count`, given for plural choices). */
  bankPicker: {
    /** Default visible label. */
    label: string;
    /** Placeholder of the search box. */
    placeholder: string;
    /** Accessible name of the button that opens the list. */
    showList: string;
    /** Name of the group of banks suggested for the account number. */
    suggested: string;
    /** Name of the group of every bank, when suggestions are listed above it. */
    allBanks: string;
    loading: string;
    /** Announced as the list filters: "12 banks", "1 bank". */
    resultCount: (count: number, formatted: string) => string;
    /** Shown and announced when nothing matches. */
    noMatch: string;
    /** Under a capped list: "Showing 100 of 1,000 banks. Keep typing to narrow the list." */
    moreResults: (shown: string, total: string) => string;
    /** Announced when a bank is chosen: "Access Bank selected". */
    selected: (name: string) => string;
    /** Validation message when required and no bank is chosen. */
    required: string;
    /** Heading of the error state. */
    loadFailed: string;
    /** The country has no bank list (the backend answered 404 or 400). */
    unknownCountry: (country: string) => string;
  };
}

/** <pay-invoice-view>. */
export interface InvoiceViewTranslation {
  /** Amounts and dates arrive formatted. */
  invoice: {
    /** Accessible name of the element and its heading: "Invoice INV-000101". */
    title: (number: string) => string;
    loading: string;
    /** The status badge's words. */
    status: Record<InvoiceStatus, string>;
    /** The sentence under the heading in each status. */
    statusBody: Record<InvoiceStatus, string>;
    /** Announced when the status changes while the invoice is shown: "Invoice paid". */
    statusAnnouncement: Record<InvoiceStatus, string>;
    dueDateLabel: string;
    issuedLabel: string;
    /** The items table's caption. */
    itemsCaption: string;
    itemColumn: string;
    quantityColumn: string;
    unitPriceColumn: string;
    lineTotalColumn: string;
    subtotal: string;
    total: string;
    /** The name of each kind of charge. */
    charge: Record<InvoiceChargeView['kind'], string>;
    /** A percentage charge with its rate: "Tax (7.5%)". */
    chargeWithRate: (name: string, rate: string) => string;
    noteLabel: string;
    paymentDetailsTitle: string;
    /** "Transfer NGN 287,625.00 to this account" */
    paymentInstructions: (total: string) => string;
    currencyLabel: string;
    swiftCodeLabel: string;
    copySwiftCode: string;
    copiedSwiftCode: string;
    copyTotal: string;
    copiedTotal: string;
    /** Accessible name of the QR code of the hosted invoice page. */
    qrLabel: string;
    print: string;
    errorTitle: string;
    /** The 404 message. */
    notFound: string;
  };
}

/** <pay-link>. */
export interface LinkTranslation {
  link: {
    /** Accessible name of the element when it has no title yet. */
    label: string;
    loading: string;
    /** The status badge's words. */
    status: Record<LinkStatus, string>;
    /** The sentence beside the status. */
    statusBody: Record<LinkStatus, string>;
    expiresLabel: string;
    /** The label of the expiry once it has passed. */
    expiredLabel: string;
    /** "in 30 days (14 February 2025 at 10:00)" */
    expiry: (relative: string, absolute: string) => string;
    noExpiry: string;
    copyLink: string;
    copiedLink: string;
    share: string;
    /** Accessible name of the share button. */
    shareLabel: string;
    open: string;
    /** Said after the "Open payment page" link: it opens a new tab. */
    opensInNewTab: string;
    /** Accessible name of the QR code of the link's URL. */
    qrLabel: string;
    errorTitle: string;
    /** The 404 message. */
    notFound: string;
  };
}

/** The fields of a customer's own account that <pay-funding-account> copies, one button each. */
export type FundingCopyField =
  | 'account-name'
  | 'account-number'
  | 'bank-name'
  | 'bank-code'
  | 'routing-ach'
  | 'routing-rtp'
  | 'routing-wire'
  | 'swift-code'
  | 'bank-address';

/** <pay-funding-account>. */
export interface FundingAccountTranslation {
  /** Amounts, dates and account numbers arrive formatted. */
  funding: {
    /** The element's heading and accessible name. */
    title: string;
    /** Under the heading: what these accounts are for. */
    intro: string;
    loading: string;
    errorTitle: string;
    /** The 404 message: a bad, tampered or expired link. */
    notFound: string;
    /** An account's heading, from its currency's name ("US Dollar"), or its code where Intl has none. */
    accountTitle: (currencyName: string) => string;
    currencyLabel: string;
    /** Each field's label: "Account number", "ACH routing number". */
    label: Record<FundingCopyField, string>;
    /** The heading of a USD account's details for transfers from abroad. */
    wireTitle: string;
    /** The wire instructions' first line's label: who is paid. */
    beneficiaryLabel: string;
    /** One line of the wire instructions (and of a QR code's text): "Bank: Citibank N.A.". */
    line: (label: string, value: string) => string;
    /** A copy button's accessible name, from its field's label: "Copy Account number" (its case is not heard). */
    copyField: (label: string) => string;
    /** Announced, and the button's name, after a copy: "Account number copied". */
    copiedField: (label: string) => string;
    copyWire: string;
    copiedWire: string;
    /** Accessible name of a local account's QR code (its details as text). */
    qrLabel: (accountTitle: string) => string;
    /** Under the QR code: what it is for. */
    qrCaption: string;
    depositsTitle: string;
    noDeposits: string;
    /** The running total's label (one amount per currency beside it). */
    totalLabel: string;
    /** Under a deposit: the account it was paid into. */
    depositTo: (accountNumber: string) => string;
    /** Announced when a deposit arrives: "NGN 5,000.00 received". */
    received: (amount: string) => string;
  };
}

/** The server-rendered fallback of the elements (./ssr), read with script off. */
export interface HostedTranslation {
  hosted: {
    /** "Expires at 14:35 UTC" (a clock time, with its zone). */
    expiresAt: (time: string) => string;
    /** The link that reloads the page with the current state. */
    checkAgain: string;
    /** Why "Check again" is there: the page does not update by itself without script. */
    checkAgainHint: string;
  };
}

/** A title and a sentence: a page shown instead of the one asked for (not found, unavailable). */
export interface PageNotice {
  title: string;
  message: string;
}

/**
 * The hosted pages around the elements, written by a server (pay-service, server-example): their
 * titles, headings, leads and links. No element reads these, so the tables a browser loads do not
 * carry them: each language has its own file, ./<code>/pages.ts (`HostedPageTerms`).
 */
export interface HostedPageTranslation {
  page: {
    /** The link to the shop's own site: "Back to Acme Stores". */
    backTo: (merchant: string) => string;
    /** The link of a page shown instead (not found) to the site's root. */
    backToShop: string;
    /** The site's page for an address with nothing at it. */
    notFound: PageNotice;
    checkout: {
      /** The main heading of each state; `pending` with the merchant's name, when there is one. */
      heading: {
        pending: (merchant: string) => string;
        pendingNoMerchant: string;
        paid: string;
        expired: string;
      };
      /** Under the heading while the account is open. */
      lead: string;
      /** After the order's title: "Order #1001". */
      order: (reference: string) => string;
      /** The page's description (a link preview): "Acme Stores: Ankara tote bag, paid by bank transfer." */
      description: (order: string | null, merchant: string | null) => string;
      /** A checkout that is not there. */
      missing: PageNotice;
    };
    invoice: {
      /** The page's title: "Invoice INV-000101 — ₦287,625.00". */
      title: (number: string, total: string) => string;
      /** The main heading of each status; pending and overdue with the merchant's name. */
      heading: { pending: (merchant: string) => string; paid: string; cancelled: string };
      /** The page's description (a link preview), by status; `due` the due date, formatted, or null. */
      description: {
        pending: (number: string, merchant: string, total: string, due: string | null) => string;
        overdue: (number: string, merchant: string, total: string, due: string | null) => string;
        paid: (number: string, merchant: string, total: string) => string;
        cancelled: (number: string, merchant: string, total: string) => string;
      };
      missing: PageNotice;
      unavailable: PageNotice;
    };
    fund: {
      /** The page's title: "Your accounts with Acme Stores". */
      title: (merchant: string) => string;
      description: (merchant: string) => string;
      heading: (merchant: string) => string;
      lead: string;
      missing: PageNotice;
      unavailable: PageNotice;
    };
  };
}

/** The hosted pages' table of one language (./<code>/pages.ts). */
export type HostedPageTerms = IdentityTranslation & HostedPageTranslation;

// translation:begin
/**
 * A whole table: the text of every element (made by scripts/elements.mjs from their declarations). A
 * language registered with `registerTranslation` fills it all, so the table serves whichever elements
 * a page shows.
 */
export interface Translation
  extends
    BankPickerTerms,
    DynamicAccountTerms,
    DynamicAccountLaterTranslation,
    FundingAccountTerms,
    InvoiceViewTerms,
    LinkTerms,
    QrTerms,
    HostedTerms {}
// translation:end

/** The text each element reads (its `localize.term`), English built in. */
export type QrTerms = IdentityTranslation & QrTranslation;
export type DynamicAccountTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  ReceiptTranslation &
  DynamicAccountTranslation;
export type BankPickerTerms = IdentityTranslation & FailureTranslation & BankPickerTranslation;
export type InvoiceViewTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  ReceiptTranslation &
  InvoiceViewTranslation;
export type LinkTerms = IdentityTranslation & FailureTranslation & CopyTranslation & LinkTranslation;
export type FundingAccountTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  FundingAccountTranslation;
export type HostedTerms = IdentityTranslation & PaymentDetailsTranslation & HostedTranslation;
