// What <pay-dynamic-account> says in French.
import type { DynamicAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const frDynamicAccount: DynamicAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  regionLabel: 'Payer par virement bancaire',
  loading: 'Chargement des informations de paiement…',
  statusTitle: {
    pending: 'Payer par virement bancaire',
    paid: 'Paiement reçu',
    expired: 'Ce compte a expiré',
  },
  instructions: (amount) => `Virez exactement ${amount} sur ce compte`,
  amountLabel: 'Montant',
  copyAmount: 'Copier le montant',
  copiedAmount: 'Montant copié',
  timeLeftLabel: 'Temps restant pour payer',
  timeLeftValue: (duration) => `Il reste ${duration}`,
  expiresIn: (clockFace) => `Expire dans ${clockFace}`,
  remainingAnnouncement: (duration) => `Il reste ${duration} pour payer`,
  lowTime: (duration) =>
    `Il reste moins de ${duration}. Envoyez le virement maintenant, ou attendez un nouveau compte.`,
  waiting: 'En attente de votre virement. Cette page se met à jour toute seule.',
  paidAt: (dateTime) => `Reçu le ${dateTime}`,
  paidBody: 'Merci. Votre virement est bien arrivé.',
  newAccount: 'Ceci est un nouveau numéro de compte. N’envoyez pas d’argent au précédent.',
  errorTitle: 'Impossible de charger ce paiement',
  qrCheckout: 'Code QR pour payer sur un autre appareil',
  qrCheckoutCaption: 'Scannez pour payer depuis votre téléphone',
  qrDetails: 'Code QR des coordonnées du virement',
  qrDetailsCaption: 'Scannez pour retrouver ces coordonnées sur votre téléphone',
  detailLine: (label, value) => `${label}\u00a0: ${value}`,
};
