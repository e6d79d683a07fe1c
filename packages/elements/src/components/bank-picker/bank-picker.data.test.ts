// <pay-bank-picker> and the kit's bank routes (real kit, real emulator): suggestions for an account
// number the emulator learnt, the list shared by every picker of a page, loading and error states.
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import { sendKeys } from '../../test/commands.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, shadow } from '../../test/account.js';
import { clearFaults, injectFault } from '../../test/backend.js';
import {
  activeOption,
  countBankRequests,
  freshAccountNumber,
  holdBankAnswers,
  input,
  mountPicker,
  optionNames,
  resetSuggestionLimit,
  teachBank,
} from '../../test/banks.js';
import { suggestDelayMs } from '../../controllers/bank-data.js';
import { clearBankCache } from '../../lib/bank-cache.js';
import { ManualClock } from '../../lib/clock.js';
import type { PayBankPicker } from './bank-picker.js';

async function openList(el: PayBankPicker): Promise<void> {
  el.focus();
  await sendKeys({ press: 'ArrowDown' });
  await el.updateComplete;
}

/** The names of the options of the group named `name`. */
function groupOptions(el: PayBankPicker, name: string): string[] {
  const group = [...shadow(el).querySelectorAll('[role="group"]')].find((g) => {
    const label = shadow(el).getElementById(g.getAttribute('aria-labelledby') ?? '');
    return label?.textContent?.trim() === name;
  });
  if (!group) throw new Error(`no group named "${name}"`);
  return [...group.querySelectorAll('[role="option"]')].map((o) =>
    (o.textContent ?? '').replace('✓', '').trim(),
  );
}

describe('<pay-bank-picker> data', () => {
  beforeEach(async () => {
    clearBankCache();
    await resetSuggestionLimit();
  });
  afterEach(() => clearFaults());

  it('lists first, as "Suggested", the banks the emulator learnt an account number at', async () => {
    const account = freshAccountNumber();
    await teachBank(account, '101');
    await teachBank(account, '232');
    const { el } = await mountPicker((el) => {
      el.country = 'NG';
      el.accountNumber = account;
    });
    await openList(el);
    await expectAccessible(el);
    // most recent first
    expect(groupOptions(el, 'Suggested')).to.deep.equal(['Sterling Bank', 'Providus Bank']);
    expect(groupOptions(el, 'All banks')).to.have.length(10);
    expect(activeOption(el)).to.equal('Sterling Bank');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.value).to.equal('232');
    // the suggestions filter with the rest
    await sendKeys({ type: 'x' });
    await el.updateComplete;
    expect(optionNames(el)).to.deep.equal([]);
  });

  it('asks again when the account number changes, once it has settled', async () => {
    const account = freshAccountNumber();
    await teachBank(account, '033');
    const clock = new ManualClock();
    const { el } = await mountPicker((el) => {
      el.clock = clock;
      el.country = 'NG';
    });
    const requests = countBankRequests();
    try {
      el.accountNumber = account.slice(0, 7);
      await el.updateComplete;
      el.accountNumber = account;
      await el.updateComplete;
      expect(requests.urls).to.deep.equal([]);
      await clock.advance(suggestDelayMs);
      await el.updateComplete;
      expect(requests.urls).to.deep.equal(['/pay/banks/suggest']);
      await openList(el);
      expect(groupOptions(el, 'Suggested')).to.deep.equal(['United Bank for Africa']);
    } finally {
      requests.restore();
    }
  });

  it('shows no group, silently, for an unknown account number or a rate-limited route', async () => {
    const { el } = await mountPicker((el) => {
      el.country = 'NG';
      el.accountNumber = freshAccountNumber();
    });
    await openList(el);
    expect(shadow(el).querySelector('[role="group"]')).to.equal(null);
    expect(optionNames(el)).to.have.length(10);

    // spend the rate limit (10 a minute), then ask for a number that has suggestions
    for (let i = 0; i < 10; i++) {
      await fetch('/pay/banks/suggest', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ account_number: freshAccountNumber() }),
      });
    }
    const limited = await mountPicker((el) => {
      el.country = 'NG';
      el.accountNumber = '0123456789';
    });
    await openList(limited.el);
    expect(shadow(limited.el).querySelector('[role="group"]')).to.equal(null);
    expect(optionNames(limited.el)).to.have.length(10);
    expect(hasPart(limited.el, 'error')).to.equal(false);
  });

  it('asks once for a country however many pickers show it', async () => {
    const requests = countBankRequests();
    try {
      const pickers = await Promise.all([1, 2, 3].map(() => mountPicker((el) => (el.country = 'KE'))));
      expect(requests.urls).to.deep.equal(['/pay/banks/KE']);
      for (const { el } of pickers) {
        await openList(el);
        expect(optionNames(el)).to.have.length(6);
      }
      // a picker added later takes the list without a request, and without a loading state
      const later = await mountPicker((el) => (el.country = 'ke'));
      expect(later.el.matches(':state(ready)')).to.equal(true);
      expect(requests.urls).to.have.length(1);
    } finally {
      requests.restore();
    }
  });

  it('says while the list is loading, then how many banks it has (in French here)', async () => {
    const held = holdBankAnswers();
    try {
      const { el } = await mountPicker((el) => (el.country = 'ZA'), { lang: 'fr', wait: false });
      el.focus();
      // (not awaiting updateComplete, which waits for the list: the key's render is done by now)
      await sendKeys({ press: 'ArrowDown' });
      expect(el.matches(':state(loading)')).to.equal(true);
      expect(partText(el, 'message')).to.equal('Chargement des banques…');
      expect(liveText(el)).to.equal('Chargement des banques…');
      held.release();
      await el.updateComplete;
      expect(el.matches(':state(ready)')).to.equal(true);
      expect(partText(el, 'label')).to.equal('Banque');
      expect(optionNames(el)).to.have.length(6);
      expect(liveText(el)).to.equal('6 banques');
      await expectAccessible(el);
    } finally {
      held.restore();
    }
  });

  it('shows a clear error for a country with no bank list, without a pointless retry', async () => {
    const { el } = await mountPicker((el) => (el.country = 'FR'));
    await expectAccessible(el);
    expect(el.matches(':state(error)')).to.equal(true);
    expect(partText(el, 'error-title')).to.equal('We could not load the list of banks');
    expect(partText(el, 'error')).to.contain('There is no list of banks for the country “FR”.');
    expect(liveText(el)).to.equal('There is no list of banks for the country “FR”.');
    expect(hasPart(el, 'retry-button')).to.equal(false);
    expect(input(el).getAttribute('aria-describedby')).to.equal('error-title error-message');

    el.country = 'X1';
    await el.updateComplete;
    expect(partText(el, 'error')).to.contain('There is no list of banks for the country “X1”.');
  });

  it('offers to try again when the provider fails, and recovers', async () => {
    // GH is loaded by no other test before: the kit has no list of it to fall back on
    await injectFault({ path_prefix: '/v1/banks/GH', status: 503, times: 1 });
    const { el } = await mountPicker((el) => (el.country = 'GH'));
    expect(el.matches(':state(error)')).to.equal(true);
    expect(partText(el, 'error')).to.contain('The payment service is not answering right now.');
    part(el, 'retry-button').click();
    await el.updateComplete;
    expect(el.matches(':state(ready)')).to.equal(true);
    expect(hasPart(el, 'error')).to.equal(false);
    await openList(el);
    expect(optionNames(el)).to.have.length(6);
  });
});
