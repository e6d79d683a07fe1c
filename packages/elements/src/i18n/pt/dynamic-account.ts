// What <pay-dynamic-account> says in Portuguese.
import type { DynamicAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const ptDynamicAccount: DynamicAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  regionLabel: 'Pagar por transferência bancária',
  loading: 'Dados de pagamento em carregamento…',
  statusTitle: {
    pending: 'Pagar por transferência bancária',
    paid: 'Pagamento recebido',
    expired: 'Esta conta expirou',
  },
  instructions: (amount) => `Transfira exatamente ${amount} para esta conta`,
  amountLabel: 'Valor',
  copyAmount: 'Copiar o valor',
  copiedAmount: 'Valor copiado',
  timeLeftLabel: 'Tempo restante para pagar',
  timeLeftValue: (duration) => `Tempo restante: ${duration}`,
  expiresIn: (clockFace) => `Expira em ${clockFace}`,
  remainingAnnouncement: (duration) => `Tempo restante para pagar: ${duration}`,
  lowTime: (duration) => `Falta menos de ${duration}. Envie a transferência agora ou aguarde uma nova conta.`,
  waiting: 'Aguardamos a sua transferência. Esta página é atualizada automaticamente.',
  paidAt: (dateTime) => `Recebido em ${dateTime}`,
  paidBody: 'Obrigado. A sua transferência chegou.',
  newAccount: 'Este é um novo número de conta. Não envie dinheiro para o anterior.',
  errorTitle: 'Não foi possível carregar este pagamento',
  qrCheckout: 'Código QR para pagar a partir de outro dispositivo',
  qrCheckoutCaption: 'Digitalize para pagar a partir do telemóvel',
  qrDetails: 'Código QR dos dados da transferência',
  qrDetailsCaption: 'Leia para levar estes dados para o seu telemóvel',
  detailLine: (label, value) => `${label}: ${value}`,
};
