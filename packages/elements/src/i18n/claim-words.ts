// The words of the hosted checkout's no-script "I've sent the money" form (./ssr), in the five
// languages that ship: a table of their own, read only by the server-rendered fallback, so that no
// element's bundle carries them. Chosen by the language of the table the page is written in
// (`$code`), so they always match the rest of the page; English for a language not listed.
export interface ClaimWords {
  /** The form's button. */
  claim: string;
  /** Shown once claimed, in place of the expiry. */
  confirming: string;
}

const words: Readonly<Record<string, ClaimWords>> = {
  en: {
    claim: "I've sent the money",
    confirming: "We're confirming your transfer — this usually takes a few minutes",
  },
  fr: {
    claim: 'J’ai envoyé l’argent',
    confirming: 'Nous confirmons votre virement — cela prend généralement quelques minutes',
  },
  ar: {
    claim: 'لقد أرسلت المبلغ',
    confirming: 'نحن نتحقق من تحويلك — يستغرق هذا عادةً بضع دقائق',
  },
  pt: {
    claim: 'Já enviei o dinheiro',
    confirming: 'Estamos a confirmar a sua transferência — isto costuma demorar alguns minutos',
  },
  sw: {
    claim: 'Nimetuma pesa',
    confirming: 'Tunathibitisha uhamisho wako — kwa kawaida huchukua dakika chache',
  },
};

/** The claim's words for a translation table's `$code` ("fr", "pt-BR"): its language's, else English. */
export function claimWordsFor(code: string): ClaimWords {
  const tag = code.toLowerCase();
  return words[tag] ?? words[tag.split('-')[0] ?? ''] ?? (words['en'] as ClaimWords);
}
