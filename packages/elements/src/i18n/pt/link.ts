// What <pay-link> says in Portuguese.
import type { LinkTerms } from '../types.js';
import { copying, failure, identity } from './shared.js';

export const ptLink: LinkTerms = {
  ...identity,
  ...failure,
  ...copying,
  link: {
    label: 'Link de pagamento',
    loading: 'Link de pagamento em carregamento…',
    status: { active: 'Ativo', inactive: 'Inativo', expired: 'Expirado' },
    statusBody: {
      active: 'Aceita pagamentos',
      inactive: 'Não aceita pagamentos por enquanto',
      expired: 'Deixou de aceitar pagamentos',
    },
    expiresLabel: 'Expira',
    expiredLabel: 'Expirou',
    expiry: (relative, absolute) => `${relative} (${absolute})`,
    noExpiry: 'Nunca',
    copyLink: 'Copiar o link',
    copiedLink: 'Link copiado',
    share: 'Enviar',
    shareLabel: 'Enviar este link de pagamento',
    open: 'Abrir a página de pagamento',
    opensInNewTab: '(abre em nova aba)',
    qrLabel: 'Código QR da página de pagamento',
    errorTitle: 'Não foi possível carregar este link de pagamento',
    notFound: 'Este link de pagamento não existe',
  },
};
