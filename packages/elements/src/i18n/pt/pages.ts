// What the hosted pages around the elements say in Portuguese (their titles, headings, leads and links).
import type { HostedPageTerms } from '../types.js';

export const ptPages: HostedPageTerms = {
  $code: 'pt',
  $name: 'Português',
  $dir: 'ltr',
  page: {
    backTo: (merchant) => `Voltar a ${merchant}`,
    backToShop: 'Voltar à loja',
    notFound: { title: 'Página não encontrada', message: 'Não há nada neste endereço.' },
    checkout: {
      heading: {
        pending: (merchant) => `Pagar a ${merchant}`,
        pendingNoMerchant: 'Pague o seu pedido',
        paid: 'O seu pedido está pago',
        expired: 'O prazo para pagar terminou',
      },
      lead: 'Envie o valor exato abaixo a partir da app do seu banco.',
      order: (reference) => `Pedido ${reference}`,
      description: (order, merchant) =>
        `${merchant ? `${merchant}: ` : ''}${order ?? 'o seu pedido'}, pago por transferência bancária.`,
      missing: {
        title: 'Pagamento não encontrado',
        message: 'Este link de pagamento não é válido. Peça um novo à loja.',
      },
    },
    invoice: {
      title: (number, total) => `Fatura ${number} — ${total}`,
      heading: {
        pending: (merchant) => `Pagar a ${merchant}`,
        paid: 'Esta fatura está paga',
        cancelled: 'Esta fatura foi cancelada',
      },
      description: {
        pending: (number, merchant, total, due) =>
          `Fatura ${number} de ${merchant}: ${total}.${due ? ` Vence a ${due}.` : ''} Pague por transferência bancária.`,
        overdue: (number, merchant, total, due) =>
          `Fatura ${number} de ${merchant}: ${total}. Em atraso${due ? ` desde ${due}` : ''}. Pague por transferência bancária.`,
        paid: (number, merchant, total) => `Fatura ${number} de ${merchant}: ${total}, paga. Obrigado.`,
        cancelled: (number, merchant, total) => `Fatura ${number} de ${merchant}: ${total}. Cancelada.`,
      },
      missing: {
        title: 'Fatura não encontrada',
        message: 'Esta fatura não existe. Verifique o link que recebeu ou peça um novo a quem o enviou.',
      },
      unavailable: {
        title: 'Fatura indisponível',
        message: 'Não é possível mostrar esta fatura agora. Tente novamente daqui a pouco.',
      },
    },
    fund: {
      title: (merchant) => `As suas contas em ${merchant}`,
      description: (merchant) =>
        `As suas próprias contas em ${merchant}: deposite qualquer valor, a qualquer momento.`,
      heading: (merchant) => `Carregue o seu saldo em ${merchant}`,
      lead: 'Envie qualquer valor do seu banco para uma destas contas, a qualquer momento. É-lhe creditado assim que chegar.',
      missing: {
        title: 'Link inválido',
        message: 'Este link expirou ou não é válido. Peça um novo à loja.',
      },
      unavailable: {
        title: 'Contas indisponíveis',
        message: 'Não é possível mostrar as suas contas agora. Tente novamente daqui a pouco.',
      },
    },
  },
};
