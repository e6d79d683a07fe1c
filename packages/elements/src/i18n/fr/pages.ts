// What the hosted pages around the elements say in French (their titles, headings, leads and links).
import type { HostedPageTerms } from '../types.js';

export const frPages: HostedPageTerms = {
  $code: 'fr',
  $name: 'Français',
  $dir: 'ltr',
  page: {
    backTo: (merchant) => `Retour à ${merchant}`,
    backToShop: 'Retour à la boutique',
    notFound: { title: 'Page introuvable', message: 'Il n’y a rien à cette adresse.' },
    checkout: {
      heading: {
        pending: (merchant) => `Payer ${merchant}`,
        pendingNoMerchant: 'Payer votre commande',
        paid: 'Votre commande est payée',
        expired: 'Le délai de paiement est écoulé',
      },
      lead: 'Envoyez le montant exact ci-dessous depuis votre application bancaire.',
      order: (reference) => `Commande ${reference}`,
      description: (order, merchant) =>
        `${merchant ? `${merchant} : ` : ''}${order ?? 'votre commande'}, à payer par virement bancaire.`,
      missing: {
        title: 'Paiement introuvable',
        message: 'Ce lien de paiement n’est pas valide. Demandez-en un nouveau à la boutique.',
      },
    },
    invoice: {
      title: (number, total) => `Facture ${number} — ${total}`,
      heading: {
        pending: (merchant) => `Payer ${merchant}`,
        paid: 'Cette facture est payée',
        cancelled: 'Cette facture a été annulée',
      },
      description: {
        pending: (number, merchant, total, due) =>
          `Facture ${number} de ${merchant} : ${total}.${due ? ` À régler avant le ${due}.` : ''} Paiement par virement bancaire.`,
        overdue: (number, merchant, total, due) =>
          `Facture ${number} de ${merchant} : ${total}. En retard${due ? ` depuis le ${due}` : ''}. Paiement par virement bancaire.`,
        paid: (number, merchant, total) => `Facture ${number} de ${merchant} : ${total}, payée. Merci.`,
        cancelled: (number, merchant, total) => `Facture ${number} de ${merchant} : ${total}. Annulée.`,
      },
      missing: {
        title: 'Facture introuvable',
        message:
          'Cette facture n’existe pas. Vérifiez le lien reçu ou demandez-en un nouveau à l’expéditeur.',
      },
      unavailable: {
        title: 'Facture indisponible',
        message: 'Cette facture ne peut pas être affichée pour le moment. Réessayez dans un instant.',
      },
    },
    fund: {
      title: (merchant) => `Vos comptes chez ${merchant}`,
      description: (merchant) =>
        `Vos propres comptes chez ${merchant} : versez le montant de votre choix, à tout moment.`,
      heading: (merchant) => `Alimentez votre solde chez ${merchant}`,
      lead: 'Virez le montant de votre choix depuis votre banque sur l’un de ces comptes, à tout moment. Il vous est crédité dès son arrivée.',
      missing: {
        title: 'Lien non valide',
        message: 'Ce lien a expiré ou n’est pas valide. Demandez-en un nouveau à la boutique.',
      },
      unavailable: {
        title: 'Comptes indisponibles',
        message: 'Vos comptes ne peuvent pas être affichés pour le moment. Réessayez dans un instant.',
      },
    },
  },
};
