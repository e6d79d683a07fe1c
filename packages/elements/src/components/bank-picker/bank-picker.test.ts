// <pay-bank-picker> in Chromium, against the real kit and emulator: keyboard and mouse choice,
// search, suggestions, form participation, states. Fixture banks of NG (sandbox README): Access
// Bank 044, First Bank of Nigeria 011, Fidelity Bank 070, Guaranty Trust Bank 058, Kuda Microfinance
// Bank 50211, Providus Bank 101, Sterling Bank 232, United Bank for Africa 033, Wema Bank 035, Zenith
// Bank 057.
import { expect, fixture, html } from '../../test/testing.js';
import { sendMouse } from '@web/test-runner-commands';
import { sendKeys } from '../../test/commands.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, shadow } from '../../test/account.js';
import { endpoint } from '../../test/backend.js';
import {
  activeOption,
  countBankRequests,
  input,
  manyBanks,
  mountPicker,
  optionNames,
} from '../../test/banks.js';
import { clearBankCache } from '../../lib/bank-cache.js';
import { foldText } from '../../lib/bank-search.js';
import type { PayBankPicker } from './bank-picker.js';

const ngNames = [
  'Access Bank',
  'Fidelity Bank',
  'First Bank of Nigeria',
  'Guaranty Trust Bank',
  'Kuda Microfinance Bank',
  'Providus Bank',
  'Sterling Bank',
  'United Bank for Africa',
  'Wema Bank',
  'Zenith Bank',
];

async function press(el: PayBankPicker, ...keys: string[]): Promise<void> {
  for (const key of keys) await sendKeys({ press: key });
  await el.updateComplete;
}

/** Presses `key` with `modifier` held. */
async function chord(el: PayBankPicker, modifier: 'Alt' | 'Control', key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
  await el.updateComplete;
}

/** Empties the search field as a user would: select all, delete. */
async function clearField(el: PayBankPicker): Promise<void> {
  await chord(el, 'Control', 'a');
  await press(el, 'Backspace');
}

async function type(el: PayBankPicker, text: string): Promise<void> {
  await sendKeys({ type: text });
  await el.updateComplete;
}

/** Clicks the middle of `target` with the real mouse. */
async function click(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}

const eventsOf = (events: Event[]): string[] =>
  events.map((e) => `${e.type}@${e.target instanceof Element ? e.target.localName : '?'}`);

describe('<pay-bank-picker>', () => {
  beforeEach(() => clearBankCache());

  it('is accessible with the list closed and open, and labelled "Bank"', async () => {
    const { el } = await mountPicker((el) => (el.country = 'NG'));
    expect(partText(el, 'label')).to.equal('Bank');
    expect(input(el).getAttribute('role')).to.equal('combobox');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(input(el).labels?.[0]?.textContent?.trim()).to.equal('Bank');
    await expectAccessible(el);

    el.focus();
    await press(el, 'ArrowDown');
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    expect(optionNames(el)).to.deep.equal(ngNames);
    expect(liveText(el)).to.equal('10 banks');
    await expectAccessible(el);
  });

  it('is chosen by keyboard alone: type, ArrowDown, Enter', async () => {
    const { el, events } = await mountPicker((el) => (el.country = 'NG'));
    el.focus();
    await type(el, 'gua');
    expect(optionNames(el)).to.deep.equal(['Guaranty Trust Bank']);
    expect(liveText(el)).to.equal('1 bank');
    expect(activeOption(el)).to.equal(null);
    // typing alone changes no value: no event leaks from the inner field
    expect(events).to.deep.equal([]);

    await press(el, 'ArrowDown');
    expect(activeOption(el)).to.equal('Guaranty Trust Bank');
    await press(el, 'Enter');

    expect(el.value).to.equal('058');
    expect(el.selectedBank).to.deep.equal({ code: '058', name: 'Guaranty Trust Bank' });
    expect(input(el).value).to.equal('Guaranty Trust Bank');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(eventsOf(events)).to.deep.equal(['input@pay-bank-picker', 'change@pay-bank-picker']);
    expect(events.every((e) => e.target === el && e.bubbles && e.composed)).to.equal(true);
    expect(liveText(el)).to.equal('Guaranty Trust Bank selected');
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it('moves with the arrows (wrapping), Home and End; Alt+ArrowDown opens without moving', async () => {
    const { el } = await mountPicker((el) => (el.country = 'NG'));
    el.focus();
    await chord(el, 'Alt', 'ArrowDown');
    expect(optionNames(el)).to.have.length(10);
    expect(activeOption(el)).to.equal(null);
    await press(el, 'ArrowDown');
    expect(activeOption(el)).to.equal('Access Bank');
    await press(el, 'ArrowDown', 'ArrowDown');
    expect(activeOption(el)).to.equal('First Bank of Nigeria');
    await press(el, 'End');
    expect(activeOption(el)).to.equal('Zenith Bank');
    await press(el, 'ArrowDown');
    expect(activeOption(el)).to.equal('Access Bank');
    await press(el, 'ArrowUp');
    expect(activeOption(el)).to.equal('Zenith Bank');
    await press(el, 'Home');
    expect(activeOption(el)).to.equal('Access Bank');
    const active = shadow(el).querySelector('[part~="option-active"]');
    expect(active?.getAttribute('aria-selected')).to.equal('true');
    expect(shadow(el).querySelectorAll('[aria-selected="true"]')).to.have.length(1);
  });

  it('closes on Escape, then clears the field and the value', async () => {
    const { el, events } = await mountPicker((el) => (el.country = 'NG'));
    el.focus();
    await type(el, 'wema');
    await press(el, 'ArrowDown', 'Enter');
    expect(el.value).to.equal('035');
    events.length = 0;

    // reopened on the chosen bank: the whole list, the chosen one active
    await press(el, 'ArrowDown');
    expect(optionNames(el)).to.have.length(10);
    expect(activeOption(el)).to.equal('Wema Bank');
    await press(el, 'Escape');
    expect(optionNames(el)).to.deep.equal([]);
    expect(el.value).to.equal('035');
    expect(events).to.deep.equal([]);

    await press(el, 'Escape');
    expect(input(el).value).to.equal('');
    expect(el.value).to.equal('');
    expect(el.selectedBank).to.equal(null);
    expect(eventsOf(events)).to.deep.equal(['input@pay-bank-picker', 'change@pay-bank-picker']);
  });

  it('chooses nothing on Tab and lets the focus move on', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`
      <div>
        <pay-bank-picker country="NG" endpoint=${endpoint}></pay-bank-picker>
        <button type="button">Next</button>
      </div>
    `);
    const el = wrapper.querySelector('pay-bank-picker');
    if (!el) throw new Error('no picker');
    await el.updateComplete;
    const events: Event[] = [];
    el.addEventListener('input', (e) => events.push(e));
    el.addEventListener('change', (e) => events.push(e));
    el.focus();
    await type(el, 'zen');
    await press(el, 'ArrowDown');
    expect(activeOption(el)).to.equal('Zenith Bank');
    await press(el, 'Tab');
    expect(document.activeElement?.textContent).to.equal('Next');
    expect(el.value).to.equal('');
    expect(optionNames(el)).to.deep.equal([]);
    expect(input(el).value).to.equal('zen');
    expect(events).to.deep.equal([]);
  });

  it('is chosen with the mouse (or a tap)', async () => {
    const { el, events } = await mountPicker((el) => (el.country = 'NG'));
    await click(part(el, 'toggle'));
    await el.updateComplete;
    expect(optionNames(el)).to.have.length(10);
    const wema = [...shadow(el).querySelectorAll('[role="option"]')].find((o) =>
      o.textContent?.includes('Wema'),
    );
    if (!wema) throw new Error('no Wema Bank option');
    wema.scrollIntoView({ block: 'nearest' });
    await click(wema);
    await el.updateComplete;
    expect(el.value).to.equal('035');
    expect(input(el).value).to.equal('Wema Bank');
    expect(optionNames(el)).to.deep.equal([]);
    expect(eventsOf(events)).to.deep.equal(['input@pay-bank-picker', 'change@pay-bank-picker']);
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it('ignores case and accents, word starts first (a list given directly, nothing fetched)', async () => {
    const requests = countBankRequests();
    try {
      const { el } = await mountPicker((el) => {
        el.banks = [
          { code: 'SG', name: 'Société Générale' },
          { code: 'CA', name: 'Crédit Agricole' },
          { code: 'BP', name: 'Banque Populaire' },
          { code: 'LBP', name: 'La Banque Postale' },
          { code: 'UB', name: 'Urbanité Crédit' },
        ];
      });
      el.focus();
      await type(el, 'societe');
      expect(optionNames(el)).to.deep.equal(['Société Générale']);
      await clearField(el);
      await type(el, 'CRÉDIT');
      expect(optionNames(el)).to.deep.equal(['Crédit Agricole', 'Urbanité Crédit']);
      await clearField(el);
      await type(el, 'ban');
      // "Banque …" at a word start, before "Urbanité" where "ban" is inside a word
      expect(optionNames(el)).to.deep.equal(['Banque Populaire', 'La Banque Postale', 'Urbanité Crédit']);
      await type(el, 'zz');
      expect(optionNames(el)).to.deep.equal([]);
      expect(partText(el, 'message')).to.equal('No bank matches');
      expect(liveText(el)).to.equal('No bank matches');
      expect(requests.urls).to.deep.equal([]);
    } finally {
      requests.restore();
    }
  });

  it('renders 1,000 banks given directly fast enough, capped at 100, and filters them', async () => {
    const banks = manyBanks(1000);
    const { el } = await mountPicker((el) => (el.banks = banks));
    el.focus();
    const started = performance.now();
    await press(el, 'ArrowDown');
    const openMs = performance.now() - started;
    expect(optionNames(el)).to.have.length(100);
    expect(partText(el, 'hint')).to.equal('Showing 100 of 1,000 banks. Keep typing to narrow the list.');
    expect(liveText(el)).to.equal('1,000 banks');
    const typing = performance.now();
    await type(el, 'PREMIERE');
    const filterMs = performance.now() - typing;
    console.log(
      `<pay-bank-picker>, 1,000 banks: open ${openMs.toFixed(0)} ms, type 8 keys ${filterMs.toFixed(0)} ms`,
    );
    // accents and case ignored; more than 100 match: the first 100 are shown, the rest counted
    const premiere = banks.filter((b) => foldText(b.name).includes('premiere')).map((b) => b.name);
    expect(premiere.length).to.be.greaterThan(100);
    expect(optionNames(el)).to.have.length(100);
    expect(optionNames(el).every((name) => premiere.includes(name))).to.equal(true);
    expect(partText(el, 'hint')).to.equal(
      `Showing 100 of ${premiere.length} banks. Keep typing to narrow the list.`,
    );
    await clearField(el);
    await type(el, 'bank 99');
    const expected = banks.filter((b) => / Bank 99\d?$/.test(b.name)).map((b) => b.name);
    expect(expected).to.have.length(11);
    expect(optionNames(el).sort()).to.deep.equal(expected.sort());
    expect(hasPart(el, 'hint')).to.equal(false);
    await clearField(el);
    await type(el, 'bank 1000');
    expect(optionNames(el)).to.deep.equal([banks[999]?.name]);
    await press(el, 'ArrowDown', 'Enter');
    expect(el.value).to.equal(banks[999]?.code);
  });
});
