// A merchant's own language: a whole table typed by `Translation` (every element's text, composed of
// each element's part), registered at run time; an incomplete or misshapen table does not compile.
import { en, registerTranslation, translationFor } from '@pay-elements/elements';
import type { Translation } from '@pay-elements/elements';

export const hausa: Translation = {
  ...en,
  $code: 'ha',
  $name: 'Hausa',
  regionLabel: 'Biya ta hanyar banki',
  instructions: (amount) => `Tura daidai ${amount} zuwa wannan asusu`,
  invoice: { ...en.invoice, total: 'Jimla' },
};
registerTranslation(hausa);
export const chosen: Translation = translationFor('ha-NG');

declare const withoutLink: Omit<Translation, 'link'>;
// @ts-expect-error -- a table fills the text of every element, <pay-link>'s too
registerTranslation(withoutLink);

// @ts-expect-error -- a sentence that embeds a value stays a function of it
registerTranslation({ ...hausa, instructions: 'Tura kuɗi' });

// @ts-expect-error -- a part keeps its keys: the invoice's total cannot be left out
export const noTotal: Translation = { ...hausa, invoice: { ...en.invoice, total: undefined } };
