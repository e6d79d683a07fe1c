// The French that several elements show, one export a part (as ../en/shared.ts).
import type {
  CopyTranslation,
  FailureTranslation,
  IdentityTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../types.js';

export const identity: IdentityTranslation = {
  $code: 'fr',
  $name: 'Français',
  $dir: 'ltr',
};

export const failure: FailureTranslation = {
  errors: {
    invalid_request: "Ce lien de paiement n'est pas valide.",
    not_found: 'Ce paiement est introuvable. Il a peut-être été annulé.',
    conflict: 'Ce paiement a changé entre-temps. Rechargez la page pour voir où il en est.',
    method_not_allowed: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    forbidden: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    payload_too_large: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    unsupported_media_type: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    rate_limited: 'Trop de tentatives. Patientez un instant puis réessayez.',
    upstream_unavailable: 'Le service de paiement ne répond pas pour le moment. Réessayez dans un instant.',
    internal: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    network_error: 'Le service de paiement est injoignable. Vérifiez votre connexion et réessayez.',
    invalid_response: 'Le service de paiement a répondu de façon inattendue. Veuillez réessayer.',
  },
  retry: 'Réessayer',
};

export const copying: CopyTranslation = {
  copy: 'Copier',
  copied: 'Copié',
  copyFailed: 'Copie impossible. Sélectionnez le texte et copiez-le.',
};

export const paymentDetails: PaymentDetailsTranslation = {
  bankLabel: 'Banque',
  accountNameLabel: 'Titulaire du compte',
  accountNumberLabel: 'Numéro de compte',
  copyAccountNumber: 'Copier le numéro de compte',
  copiedAccountNumber: 'Numéro de compte copié',
  connection: { reconnecting: 'Reconnexion…' },
};

export const receipt: ReceiptTranslation = {
  viewReceipt: 'Voir le reçu',
};
