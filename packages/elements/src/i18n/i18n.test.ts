// The translation tables: the choice of one for a locale, and each of the five complete, with every
// value a formatted string carries kept in its sentence.
import { expect } from '../test/testing.js';
import ar from './ar.js';
import en from './en.js';
import fr from './fr.js';
import { translationFor } from './index.js';
import { frDynamicAccount } from './fr/dynamic-account.js';
import { frLink } from './fr/link.js';
import { frQr } from './fr/qr.js';
import { enLink } from './en/link.js';
import { enQr } from './en/qr.js';
import pt from './pt.js';
import { registeredTranslation, registerTranslationParts } from './registry.js';
import sw from './sw.js';
import type { Translation } from './types.js';

const tables: readonly Translation[] = [en, fr, pt, sw, ar];

/** Every leaf of a table, by its path: "invoice.status.paid". */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, v] of leaves(child, path ? `${path}.${key}` : key)) found.set(leaf, v);
    }
  } else found.set(path, value);
  return found;
}

describe('translation tables', () => {
  it('chooses a table by the closest tag, then its language, then English', () => {
    expect(translationFor('pt-BR')).to.equal(pt);
    expect(translationFor('pt-AO')).to.equal(pt);
    expect(translationFor('sw-TZ')).to.equal(sw);
    expect(translationFor('ar-EG')).to.equal(ar);
    expect(translationFor('fr-CI')).to.equal(fr);
    expect(translationFor('de')).to.equal(en);
    expect(tables.map((t) => t.$dir)).to.deep.equal(['ltr', 'ltr', 'ltr', 'ltr', 'rtl']);
  });

  it('fills every key of the English table in every language, with text of its own', () => {
    const english = leaves(en);
    for (const table of tables) {
      const own = leaves(table);
      expect([...own.keys()].sort(), table.$code).to.deep.equal([...english.keys()].sort());
      for (const [key, value] of own) {
        expect(typeof value, `${table.$code} ${key}`).to.equal(typeof english.get(key));
        if (typeof value === 'string') expect(value.trim(), `${table.$code} ${key}`).not.to.equal('');
      }
      if (table !== en) {
        expect(table.statusTitle.pending).not.to.equal(en.statusTitle.pending);
        expect(table.invoice.total === en.invoice.total && table.link.share === en.link.share).to.equal(
          false,
        );
      }
    }
  });

  it('keeps the values it is given in every sentence', () => {
    for (const t of tables) {
      const says = (text: string, ...values: string[]): void => {
        for (const value of values) expect(text, `${t.$code}: ${text}`).to.include(value);
      };
      says(t.instructions('₦5,000.00'), '₦5,000.00');
      says(t.timeLeftValue('29 min'), '29 min');
      says(t.expiresIn('29:05'), '29:05');
      says(t.remainingAnnouncement('10 min'), '10 min');
      says(t.lowTime('5 min'), '5 min');
      says(t.paidAt('1 Jan 2025'), '1 Jan 2025');
      says(t.bankPicker.resultCount(12, '12'), '12');
      says(t.bankPicker.moreResults('100', '1,000'), '100', '1,000');
      says(t.bankPicker.selected('Access Bank'), 'Access Bank');
      says(t.bankPicker.unknownCountry('FR'), 'FR');
      says(t.invoice.title('INV-1'), 'INV-1');
      says(t.invoice.chargeWithRate('Tax', '7.5%'), 'Tax', '7.5%');
      says(t.invoice.paymentInstructions('₦9.00'), '₦9.00');
      says(t.link.expiry('in 3 days', '1 Jan'), 'in 3 days', '1 Jan');
      says(t.hosted.expiresAt('14:35 UTC'), '14:35 UTC');
    }
  });

  it('takes a language in parts, and gives an element its table once it holds every key it reads', () => {
    // a language of its own ("zz"), so that the whole French registered above stays as it is
    const zz = <T extends object>(part: T): T & { $code: string } => ({ ...part, $code: 'zz' });
    registerTranslationParts(zz(frLink));
    expect(registeredTranslation('zz-ZZ', enLink)?.link.share).to.equal('Partager');
    // <pay-qr> reads words the part has not: its English, and the whole table's too
    expect(registeredTranslation('zz', enQr)).to.equal(undefined);
    expect(translationFor('zz')).to.equal(en);
    registerTranslationParts(zz(frQr), zz(frDynamicAccount));
    expect(registeredTranslation('zz', enQr)?.qrCode).to.equal(fr.qrCode);
    expect(registeredTranslation('zz', enLink)?.link.share).to.equal('Partager');
    expect(translationFor('zz')).to.equal(en);
  });

  it('counts banks with the six Arabic plural forms', () => {
    const count = (n: number): string =>
      ar.bankPicker.resultCount(n, new Intl.NumberFormat('ar-EG').format(n));
    expect(count(1)).to.equal('بنك واحد');
    expect(count(2)).to.equal('بنكان');
    expect(count(3)).to.equal('٣ بنوك');
    expect(count(11)).to.equal('١١ بنكًا');
    expect(count(100)).to.equal('١٠٠ بنك');
    expect(pt.bankPicker.resultCount(1, '1')).to.equal('1 banco');
    expect(pt.bankPicker.resultCount(12, '12')).to.equal('12 bancos');
  });
});
