// The theme gallery, the language switcher and the component reference (demo/themes.html,
// languages.html, reference.html), end to end in Chromium through server-example. Each passes axe and
// breaks no CSP rule. Themes: the light, dark and high-contrast elements look it (surface lightness,
// 7:1 text contrast) and the custom brand's tokens show. Languages: in each of en, fr, pt, sw and ar
// the elements' headings and labels are the translation table's, and Arabic lays out right to left.
// Reference: every element of custom-elements.json with its attributes, events (with their detail
// types), slots, parts, custom properties and states, and no script on the page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import type { Translation } from '@pay-elements/elements/i18n/types';
import en from '@pay-elements/elements/i18n/en';
import fr from '@pay-elements/elements/i18n/fr';
import pt from '@pay-elements/elements/i18n/pt';
import sw from '@pay-elements/elements/i18n/sw';
import ar from '@pay-elements/elements/i18n/ar';
import { elementsOf, Manifest } from '../../demo/src/build/manifest.js';
import { axeViolations, cspViolations, startHarness, type Harness } from './harness.js';

/** sRGB relative luminance of a computed `rgb(r, g, b)` colour (WCAG 2). */
function luminance(color: string): number {
  const channels = /rgba?\((\d+), (\d+), (\d+)/.exec(color)?.slice(1).map(Number);
  assert.ok(channels?.length === 3, `not an rgb() colour: ${color}`);
  const [r = 0, g = 0, b = 0] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

/** The colours a visitor sees on an element: its text, and its box's ground and border. */
function looks(element: Locator) {
  return element.evaluate((el) => {
    const base = el.shadowRoot?.querySelector('[part="base"]');
    const box = base ? getComputedStyle(base) : null;
    return {
      text: getComputedStyle(el).color,
      ground: box?.backgroundColor ?? '',
      border: box?.borderTopColor ?? '',
      radius: box?.borderTopLeftRadius ?? '',
      font: getComputedStyle(el).fontFamily,
    };
  });
}

describe('theme gallery, language switcher and reference pages, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('themes: passes axe; light, dark and high contrast look it, and the brand tokens show', async () => {
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/themes.html`);
    const invoices = page.locator('pay-invoice-view');
    for (const index of [0, 1, 2, 3]) {
      await invoices.nth(index).getByRole('heading', { name: 'Invoice INV-000101' }).waitFor();
      await page
        .locator('pay-dynamic-account')
        .nth(index)
        .getByRole('heading', { level: 2, name: 'Pay by bank transfer' })
        .waitFor();
    }
    await page.locator('pay-link').nth(3).getByText('Active').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'four invoice views on one page, no duplicate landmarks');
    assert.deepEqual(await cspViolations(page), []);

    const cell = (theme: string) => page.locator(`.theme-${theme} pay-invoice-view`);
    const light = await looks(cell('light'));
    const dark = await looks(cell('dark'));
    const high = await looks(cell('high-contrast'));
    const brand = await looks(cell('brand'));
    assert.ok(luminance(light.ground) > 0.8, `light ground ${light.ground}`);
    assert.ok(luminance(dark.ground) < 0.1, `dark ground ${dark.ground}`);
    assert.ok(contrast(dark.text, dark.ground) >= 4.5, 'dark text is readable');
    assert.ok(contrast(high.text, high.ground) >= 7, `high contrast ${high.text} on ${high.ground}`);
    assert.ok(contrast(high.border, high.ground) > contrast(light.border, light.ground), 'stronger borders');
    assert.equal(brand.ground, 'rgb(255, 250, 243)');
    assert.equal(brand.radius, '0px');
    assert.match(brand.font, /^Georgia/);
    assert.notEqual(light.font, brand.font);
    await context.close();
  });

  const tables: ReadonlyArray<[string, Translation]> = [
    ['en', en],
    ['fr', fr],
    ['pt', pt],
    ['sw', sw],
    ['ar', ar],
  ];

  it('languages: each locale translates every element, Arabic right to left, axe passing', async () => {
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/languages.html`);
    const box = page.locator('#localized');
    const elements = box.locator('pay-dynamic-account, pay-invoice-view, pay-link, pay-bank-picker');
    assert.equal(await elements.count(), 4);
    assert.deepEqual(
      await page
        .locator('#language option')
        .evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
      tables.map(([code]) => code),
    );
    for (const [code, t] of tables) {
      await page.getByLabel('Show the elements in').selectOption(code);
      assert.equal(await box.getAttribute('lang'), code);
      await box
        .locator('pay-invoice-view')
        .getByRole('heading', { name: t.invoice.title('INV-000101'), exact: true })
        .waitFor();
      await box
        .locator('pay-dynamic-account')
        .getByRole('heading', { level: 2, name: t.statusTitle.pending, exact: true })
        .waitFor();
      await box.getByRole('combobox', { name: t.bankPicker.label, exact: true }).waitFor();
      await box.locator('pay-link').getByText(t.link.status.active, { exact: true }).waitFor();
      const directions = await elements.evaluateAll((list) =>
        list.map((el) => getComputedStyle(el).direction),
      );
      assert.deepEqual(directions, Array(4).fill(code === 'ar' ? 'rtl' : 'ltr'), code);
      assert.deepEqual(await axeViolations(page), [], `no violations in ${code}`);
    }
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('reference: every element of custom-elements.json, in full, on a page with no script', async () => {
    const manifest = Manifest.parse(
      JSON.parse(
        readFileSync(new URL('../../packages/elements/custom-elements.json', import.meta.url), 'utf8'),
      ),
    );
    const elements = elementsOf(manifest);
    assert.deepEqual(elements.map((element) => element.tagName).sort(), [
      'pay-bank-picker',
      'pay-dynamic-account',
      'pay-funding-account',
      'pay-invoice-view',
      'pay-link',
      'pay-qr',
    ]);
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/reference.html`);
    assert.equal(await page.locator('script').count(), 0);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await cspViolations(page), []);

    for (const element of elements) {
      const tag = element.tagName;
      const section = page.locator(`section#${tag}`);
      await section.getByRole('heading', { level: 2, name: `<${tag}>` }).waitFor();
      const table = async (what: string) =>
        (await section.locator(`table[aria-labelledby="${tag}-${what}"]`).count()) === 0
          ? ''
          : section.locator(`table[aria-labelledby="${tag}-${what}"]`).innerText();
      const properties = await table('properties');
      for (const attribute of element.attributes)
        assert.ok(properties.includes(attribute.name), attribute.name);
      const events = await table('events');
      for (const event of element.events) assert.ok(events.includes(event.name), `${tag} ${event.name}`);
      const slots = await table('slots');
      for (const slot of element.slots) assert.ok(slots.includes(slot.name || '(default)'), slot.name);
      const parts = await table('parts');
      for (const part of element.cssParts) assert.ok(parts.includes(`::part(${part.name})`), part.name);
      const tokens = await table('tokens');
      for (const token of element.cssProperties) assert.ok(tokens.includes(token.name), token.name);
      const states = await table('states');
      for (const state of element.cssStates) assert.ok(states.includes(`:state(${state.name})`), state.name);
    }

    // properties with no attribute, and the events' detail types with their fields
    const picker = page.locator(
      'section#pay-bank-picker table[aria-labelledby="pay-bank-picker-properties"]',
    );
    const banksRow = picker.getByRole('row').filter({ hasText: /^banks/ });
    assert.match(await banksRow.innerText(), /property only\s+readonly BankEntry\[\] \| null/);
    const statusRow = page
      .locator('section#pay-dynamic-account table[aria-labelledby="pay-dynamic-account-events"]')
      .getByRole('row')
      .filter({ hasText: /^pay-status-change/ });
    const statusText = await statusRow.innerText();
    assert.match(statusText, /PayStatusChangeEvent \(bubbles, composed\)/);
    assert.match(statusText, /PaySessionStatusChangeDetail/);
    assert.match(
      statusText,
      /previous: SessionStatus \| null — The status before, or null on the first answer\./,
    );
    const shareRow = page
      .locator('section#pay-link table[aria-labelledby="pay-link-events"]')
      .getByRole('row')
      .filter({ hasText: /^pay-share/ });
    assert.match(
      await shareRow.innerText(),
      /PayShareEvent \(bubbles, composed, cancelable\)[\s\S]*url: string/,
    );
    await context.close();
  });
});
