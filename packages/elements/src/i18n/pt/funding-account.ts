// What <pay-funding-account> says in Portuguese.
import type { FundingAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

export const ptFundingAccount: FundingAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  funding: {
    title: 'As suas contas de pagamento',
    intro:
      'Envie o valor que quiser, quando quiser, para uma destas contas. Cada depósito aparece abaixo assim que chega.',
    loading: 'A carregar as suas contas…',
    errorTitle: 'Não foi possível carregar as suas contas',
    notFound: 'Este link expirou ou não é válido. Peça um novo.',
    accountTitle: (currencyName) => `Conta em ${currencyName}`,
    currencyLabel: 'Moeda',
    label: {
      'account-name': 'Titular da conta',
      'account-number': 'Número da conta',
      'bank-name': 'Banco',
      'bank-code': 'Código do banco',
      'routing-ach': 'Número de encaminhamento ACH',
      'routing-rtp': 'Número de encaminhamento RTP',
      'routing-wire': 'Número de encaminhamento de transferências',
      'swift-code': 'Código SWIFT',
      'bank-address': 'Morada do banco',
    },
    wireTitle: 'Para transferências do estrangeiro',
    beneficiaryLabel: 'Beneficiário',
    line: (label, value) => `${label}: ${value}`,
    copyField: (label) => `Copiar ${label}`,
    copiedField: (label) => `Copiado: ${label}`,
    copyWire: 'Copiar as instruções de transferência',
    copiedWire: 'Instruções de transferência copiadas',
    qrLabel: (accountTitle) =>
      `Código QR dos dados da ${accountTitle.charAt(0).toLowerCase()}${accountTitle.slice(1)}`,
    qrCaption: 'Leia para levar estes dados para o seu telemóvel',
    depositsTitle: 'Depósitos',
    noDeposits: 'Ainda não há depósitos',
    totalLabel: 'Total recebido',
    depositTo: (accountNumber) => `Para ${accountNumber}`,
    received: (amount) => `${amount} recebidos`,
  },
};
