// What <pay-link> says in French.
import type { LinkTerms } from '../types.js';
import { copying, failure, identity } from './shared.js';

export const frLink: LinkTerms = {
  ...identity,
  ...failure,
  ...copying,
  link: {
    label: 'Lien de paiement',
    loading: 'Chargement du lien de paiement…',
    status: { active: 'Actif', inactive: 'Inactif', expired: 'Expiré' },
    statusBody: {
      active: 'Accepte les paiements',
      inactive: "N'accepte pas de paiements pour le moment",
      expired: "N'accepte plus de paiements",
    },
    expiresLabel: 'Expire',
    expiredLabel: 'A expiré',
    expiry: (relative, absolute) => `${relative} (${absolute})`,
    noExpiry: 'Jamais',
    copyLink: 'Copier le lien',
    copiedLink: 'Lien copié',
    share: 'Partager',
    shareLabel: 'Partager ce lien de paiement',
    open: 'Ouvrir la page de paiement',
    opensInNewTab: "(s'ouvre dans un nouvel onglet)",
    qrLabel: 'Code QR de la page de paiement',
    errorTitle: 'Impossible de charger ce lien de paiement',
    notFound: "Ce lien de paiement n'existe pas",
  },
};
