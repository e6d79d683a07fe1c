// <pay-bank-picker> as a form control (ElementInternals): its code in FormData under `name`,
// `required` validity, reset, disabled, restore, and its value set by the page.
import { expect, fixture, html } from '../../test/testing.js';
import '../../i18n/fr.js';
import { sendKeys } from '../../test/commands.js';
import { expectAccessible } from '../../test/axe.js';
import { partText } from '../../test/account.js';
import { endpoint } from '../../test/backend.js';
import { input, mountPicker, recordValueEvents } from '../../test/banks.js';
import type { PayBankPicker } from './bank-picker.js';

interface InForm {
  form: HTMLFormElement;
  el: PayBankPicker;
  submits: SubmitEvent[];
}

async function mountInForm(
  attributes: { value?: string; required?: boolean; lang?: string } = {},
): Promise<InForm> {
  const form = await fixture<HTMLFormElement>(html`
    <form lang=${attributes.lang ?? 'en'}>
      <fieldset>
        <pay-bank-picker
          name="bank"
          country="NG"
          endpoint=${endpoint}
          label="Recipient's bank"
          value=${attributes.value ?? ''}
          ?required=${attributes.required ?? false}
        ></pay-bank-picker>
      </fieldset>
      <button>Send</button>
    </form>
  `);
  const el = form.querySelector('pay-bank-picker');
  if (!el) throw new Error('no picker');
  await el.updateComplete;
  const submits: SubmitEvent[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submits.push(event);
  });
  return { form, el, submits };
}

async function choose(el: PayBankPicker, text: string): Promise<void> {
  el.focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'ArrowDown' });
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
}

describe('<pay-bank-picker> in a form', () => {
  it('is accessible in a form, labelled by its `label` or its slot', async () => {
    const { el } = await mountInForm({ required: true });
    await expectAccessible(el);
    expect(partText(el, 'label')).to.equal("Recipient's bank");
    expect(input(el).getAttribute('aria-required')).to.equal('true');
    const slotted = await fixture<PayBankPicker>(html`
      <pay-bank-picker country="NG" endpoint=${endpoint}
        ><span slot="label">Payee's bank</span></pay-bank-picker
      >
    `);
    await slotted.updateComplete;
    await expectAccessible(slotted);
  });

  it('submits the chosen code under its name (Enter on the closed list submits)', async () => {
    const { form, el, submits } = await mountInForm();
    expect(new FormData(form).get('bank')).to.equal('');
    await choose(el, 'first');
    expect(el.value).to.equal('011');
    expect(new FormData(form).get('bank')).to.equal('011');
    await sendKeys({ press: 'Enter' });
    expect(submits).to.have.length(1);
    expect(new FormData(form, submits[0]?.submitter).get('bank')).to.equal('011');
  });

  it('blocks the submission while required and empty, with a message', async () => {
    const { form, el, submits } = await mountInForm({ required: true });
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Choose a bank.');
    expect(form.checkValidity()).to.equal(false);
    const invalid: Event[] = [];
    el.addEventListener('invalid', (event) => invalid.push(event));
    form.requestSubmit();
    expect(submits).to.have.length(0);
    expect(invalid).to.have.length(1);

    await choose(el, 'kuda');
    expect(el.validity.valid).to.equal(true);
    form.requestSubmit();
    expect(submits).to.have.length(1);
  });

  it('says the validation message in the page’s language', async () => {
    const { el } = await mountInForm({ required: true, lang: 'fr' });
    expect(el.validationMessage).to.equal('Choisissez une banque.');
    expect(partText(el, 'label')).to.equal("Recipient's bank");
  });

  it('replaces the chosen bank’s name with what the shopper types, reached by Tab or focused by the page', async () => {
    const { el } = await mountInForm({ value: '044' });
    const before = document.createElement('button');
    before.type = 'button';
    before.textContent = 'before';
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'wema' });
    await el.updateComplete;
    expect(input(el).value).to.equal('wema');
    expect(el.value).to.equal('');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.value).to.equal('035');

    el.blur();
    el.focus();
    await sendKeys({ type: 'zen' });
    await el.updateComplete;
    expect(input(el).value).to.equal('zen');
  });

  it('goes back to its initial value when the form is reset', async () => {
    const { form, el } = await mountInForm({ value: '044' });
    expect(input(el).value).to.equal('Access Bank');
    expect(el.selectedBank).to.deep.equal({ code: '044', name: 'Access Bank' });
    await choose(el, 'wema');
    expect(new FormData(form).get('bank')).to.equal('035');
    form.reset();
    await el.updateComplete;
    expect(el.value).to.equal('044');
    expect(input(el).value).to.equal('Access Bank');
    expect(new FormData(form).get('bank')).to.equal('044');
  });

  it('is left out of the form while disabled, itself or by its fieldset', async () => {
    const { form, el } = await mountInForm({ value: '057', required: true });
    el.disabled = true;
    await el.updateComplete;
    expect(input(el).disabled).to.equal(true);
    expect(new FormData(form).has('bank')).to.equal(false);
    el.disabled = false;
    const fieldset = form.querySelector('fieldset');
    if (!fieldset) throw new Error('no fieldset');
    fieldset.disabled = true;
    await el.updateComplete;
    expect(input(el).disabled).to.equal(true);
    expect(el.willValidate).to.equal(false);
    expect(new FormData(form).has('bank')).to.equal(false);
    fieldset.disabled = false;
    await el.updateComplete;
    expect(input(el).disabled).to.equal(false);
    expect(new FormData(form).get('bank')).to.equal('057');
  });

  it('shows a value set by the page without firing events; drops a code the list lacks', async () => {
    const { el, events } = await mountPicker((el) => (el.country = 'NG'));
    el.value = '057';
    await el.updateComplete;
    expect(input(el).value).to.equal('Zenith Bank');
    expect(el.selectedBank?.name).to.equal('Zenith Bank');
    el.value = '999';
    await el.updateComplete;
    expect(el.value).to.equal('');
    expect(input(el).value).to.equal('');
    el.formStateRestoreCallback('035');
    await el.updateComplete;
    expect(input(el).value).to.equal('Wema Bank');
    expect(events).to.deep.equal([]);
  });

  it('clears the choice when the name is edited (input), committed on leaving (change)', async () => {
    const { el } = await mountInForm();
    await choose(el, 'sterling');
    const events = recordValueEvents(el);
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(el.value).to.equal('');
    expect(events.map((e) => e.type)).to.deep.equal(['input']);
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(events.map((e) => e.type)).to.deep.equal(['input', 'change']);
    expect(input(el).value).to.equal('Sterling Ban');
  });
});
