// What the hosted pages around the elements say in English (their titles, headings, leads and links).
import type { HostedPageTerms } from '../parts.js';

export const enPages: HostedPageTerms = {
  $code: 'en',
  $name: 'English',
  $dir: 'ltr',
  page: {
    backTo: (merchant) => `Back to ${merchant}`,
    backToShop: 'Back to the shop',
    notFound: { title: 'Page not found', message: 'There is nothing at this address.' },
    checkout: {
      heading: {
        pending: (merchant) => `Pay ${merchant}`,
        pendingNoMerchant: 'Pay for your order',
        paid: 'Your order is paid',
        expired: 'The time to pay ran out',
      },
      lead: 'Send the exact amount below from your bank app.',
      order: (reference) => `Order ${reference}`,
      description: (order, merchant) =>
        `${merchant ? `${merchant}: ` : ''}${order ?? 'your order'}, paid by bank transfer.`,
      missing: {
        title: 'Checkout not found',
        message: 'This payment link is not valid. Ask the shop for a new one.',
      },
    },
    invoice: {
      title: (number, total) => `Invoice ${number} — ${total}`,
      heading: {
        pending: (merchant) => `Pay ${merchant}`,
        paid: 'This invoice is paid',
        cancelled: 'This invoice was cancelled',
      },
      description: {
        pending: (number, merchant, total, due) =>
          `Invoice ${number} from ${merchant}: ${total}. Due${due ? ` ${due}` : ''}. Pay by bank transfer.`,
        overdue: (number, merchant, total, due) =>
          `Invoice ${number} from ${merchant}: ${total}. Overdue${due ? ` since ${due}` : ''}. Pay by bank transfer.`,
        paid: (number, merchant, total) => `Invoice ${number} from ${merchant}: ${total}, paid. Thank you.`,
        cancelled: (number, merchant, total) => `Invoice ${number} from ${merchant}: ${total}. Cancelled.`,
      },
      missing: {
        title: 'Invoice not found',
        message: 'There is no such invoice. Check the link you were sent, or ask the sender for a new one.',
      },
      unavailable: {
        title: 'Invoice unavailable',
        message: 'This invoice cannot be shown right now. Please try again in a moment.',
      },
    },
    fund: {
      title: (merchant) => `Your accounts with ${merchant}`,
      description: (merchant) => `Your own accounts with ${merchant}: pay in any amount, at any time.`,
      heading: (merchant) => `Top up your balance with ${merchant}`,
      lead: 'Send any amount from your bank to one of these accounts, at any time. It is credited to you once it arrives.',
      missing: {
        title: 'Link not valid',
        message: 'This link has expired or is not valid. Ask the shop for a new one.',
      },
      unavailable: {
        title: 'Accounts unavailable',
        message: 'Your accounts cannot be shown right now. Please try again in a moment.',
      },
    },
  },
};
