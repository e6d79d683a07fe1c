// The Portuguese that several elements show, one export a part (as ../en/shared.ts).
import type {
  CopyTranslation,
  FailureTranslation,
  IdentityTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../types.js';

export const identity: IdentityTranslation = {
  $code: 'pt',
  $name: 'Português',
  $dir: 'ltr',
};

export const failure: FailureTranslation = {
  errors: {
    invalid_request: 'Este link de pagamento não é válido.',
    not_found: 'Não foi possível encontrar este pagamento. Pode ter sido cancelado.',
    conflict: 'Este pagamento foi alterado. Recarregue a página para ver a situação atual.',
    method_not_allowed: 'Ocorreu um erro do nosso lado. Tente novamente.',
    forbidden: 'Ocorreu um erro do nosso lado. Tente novamente.',
    payload_too_large: 'Ocorreu um erro do nosso lado. Tente novamente.',
    unsupported_media_type: 'Ocorreu um erro do nosso lado. Tente novamente.',
    rate_limited: 'Muitas tentativas. Aguarde um momento e tente novamente.',
    upstream_unavailable: 'O serviço de pagamento não responde neste momento. Tente novamente daqui a pouco.',
    internal: 'Ocorreu um erro do nosso lado. Tente novamente.',
    network_error:
      'Sem resposta do serviço de pagamento. Verifique a sua conexão à internet e tente novamente.',
    invalid_response: 'O serviço de pagamento deu uma resposta inesperada. Tente novamente.',
  },
  retry: 'Tentar novamente',
};

export const copying: CopyTranslation = {
  copy: 'Copiar',
  copied: 'Copiado',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie-o manualmente.',
};

export const paymentDetails: PaymentDetailsTranslation = {
  bankLabel: 'Banco',
  accountNameLabel: 'Titular da conta',
  accountNumberLabel: 'Número da conta',
  copyAccountNumber: 'Copiar o número da conta',
  copiedAccountNumber: 'Número da conta copiado',
  connection: { reconnecting: 'Reconexão em curso…' },
};

export const receipt: ReceiptTranslation = {
  viewReceipt: 'Ver recibo',
};
