// What <pay-dynamic-account> says in Portuguese in the parts it loads after its first answer
// (dynamic-account.later.ts), as ../en/dynamic-account-later.ts does in English.
import type { DynamicAccountLaterTranslation, IdentityTranslation } from '../types.js';
import { identity } from './shared.js';

export const ptDynamicAccountLater: IdentityTranslation & DynamicAccountLaterTranslation = {
  ...identity,
  expiredBody: 'Não envie mais dinheiro para esta conta. Obtenha uma nova conta para pagar.',
  expiredAlreadySent:
    'Já enviou uma transferência? Se saiu do seu banco antes de a conta expirar, ela conta: esta página mostra-a quando chegar. Uma transferência enviada depois é recusada e o seu banco devolve-a.',
  renew: 'Obter uma nova conta',
  renewing: 'Nova conta em preparação…',
  claim: {
    button: 'Já enviei o dinheiro',
    sending: 'A enviar…',
    confirming: 'Estamos a confirmar a sua transferência — isto costuma levar alguns minutos',
  },
  payForMe: {
    button: 'Pagar por mim',
    intro: 'Podes pagar isto por mim por transferência bancária?',
    expiresLabel: 'Pagar até',
    linkLabel: 'Pagar online',
    copied: 'Dados de pagamento copiados. Envie-os a quem vai pagar por si.',
    hint: 'Toque sem soltar para copiar',
  },
};
