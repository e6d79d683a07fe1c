// What <pay-funding-account> says in French.
import type { FundingAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

export const frFundingAccount: FundingAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  funding: {
    title: 'Vos comptes de paiement',
    intro:
      'Envoyez le montant de votre choix, quand vous voulez, sur l’un de ces comptes. Chaque dépôt apparaît ci-dessous dès son arrivée.',
    loading: 'Chargement de vos comptes…',
    errorTitle: 'Impossible de charger vos comptes',
    notFound: "Ce lien a expiré ou n'est pas valide. Demandez-en un nouveau.",
    accountTitle: (currencyName) => `Compte en ${currencyName}`,
    currencyLabel: 'Devise',
    label: {
      'account-name': 'Titulaire du compte',
      'account-number': 'Numéro de compte',
      'bank-name': 'Banque',
      'bank-code': 'Code banque',
      'routing-ach': 'Numéro de routage ACH',
      'routing-rtp': 'Numéro de routage RTP',
      'routing-wire': 'Numéro de routage des virements',
      'swift-code': 'Code SWIFT',
      'bank-address': 'Adresse de la banque',
    },
    wireTitle: 'Pour les virements depuis l’étranger',
    beneficiaryLabel: 'Bénéficiaire',
    line: (label, value) => `${label}\u00a0: ${value}`,
    copyField: (label) => `Copier ${label}`,
    copiedField: (label) => `Copié\u00a0: ${label}`,
    copyWire: 'Copier les instructions de virement',
    copiedWire: 'Instructions de virement copiées',
    qrLabel: (accountTitle) =>
      `Code QR des coordonnées du ${accountTitle.charAt(0).toLowerCase()}${accountTitle.slice(1)}`,
    qrCaption: 'Scannez pour retrouver ces coordonnées sur votre téléphone',
    depositsTitle: 'Dépôts',
    noDeposits: 'Aucun dépôt pour le moment',
    totalLabel: 'Total reçu',
    depositTo: (accountNumber) => `Sur le ${accountNumber}`,
    received: (amount) => `${amount} reçus`,
  },
};
