// The parts of the translation tables that are no one element's: the text several elements share, the
// server-rendered fallback's and the hosted pages'. Each element's own words are declared beside its
// English (./en/<folder>.ts); ./types.ts gathers them all into the whole table (`Translation`). An
// element carries only its parts' English, so a page downloads the text of the elements it uses.
//
// Strings that embed a formatted value are functions of that value (already formatted with Intl by
// the caller), so word order stays the translator's.
import type { ShopperErrorCode } from '@pay-elements/protocol';
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

export type HostedTerms = IdentityTranslation & PaymentDetailsTranslation & HostedTranslation;
