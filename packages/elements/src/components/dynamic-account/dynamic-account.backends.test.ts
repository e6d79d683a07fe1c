// <pay-dynamic-account> on what backends other than the kit commonly send (issue 39): an optional
// field as null and a lower-case currency are read as the protocol means them, nothing lost; an
// amount as a number is refused, and the console names the field. The kit's real answers, changed
// on their way to the page.
import { expect } from '../../test/testing.js';
import { createSession, endpoint, recordConsole } from '../../test/backend.js';
import { mountAccount, partText } from '../../test/account.js';
import { rewriteAnswers } from '../../test/page-fetch.js';

describe('<pay-dynamic-account> on another backend', () => {
  it('reads optional fields sent as null as absent, and a lower-case currency in upper case', async () => {
    const view = await createSession();
    const path = `${endpoint}/sessions/${view.id}`;
    const rewrite = rewriteAnswers(path, (body) => ({
      ...body,
      currency: 'ngn',
      checkout_url: null,
      receipt_url: null,
      return_url: null,
      merchant: null,
      order: null,
    }));
    const errors = recordConsole('error');
    try {
      const { el, log } = await mountAccount(view.id);
      expect(el.status).to.equal('pending');
      expect(partText(el, 'amount')).to.equal('NGN\u00a05,000.00');
      expect(el.sessionView?.currency).to.equal('NGN');
      expect(el.sessionView && 'checkout_url' in el.sessionView).to.equal(false);
      expect(log.of('pay-error')).to.have.length(0);
      expect(errors.lines).to.deep.equal([]);
    } finally {
      errors.restore();
      rewrite.restore();
    }
  });

  it('refuses an amount sent as a number, and names the field on the console', async () => {
    const view = await createSession();
    const path = `${endpoint}/sessions/${view.id}`;
    const rewrite = rewriteAnswers(path, (body) => ({ ...body, amount: 5000 }));
    const errors = recordConsole('error');
    try {
      const { el, log } = await mountAccount(view.id);
      expect(el.matches(':state(error)')).to.equal(true);
      expect(partText(el, 'message')).to.equal(
        'The payment service answered something unexpected. Please try again.',
      );
      expect(log.of('pay-error')[0]?.detail.code).to.equal('invalid_response');
      expect(errors.lines).to.deep.equal([
        `pay-elements refused a session view from ${path}: "amount" is 5000`,
      ]);
    } finally {
      errors.restore();
      rewrite.restore();
    }
  });
});
