// What <pay-invoice-view> says in Portuguese.
import type { InvoiceViewTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const ptInvoiceView: InvoiceViewTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  invoice: {
    title: (number) => `Fatura ${number}`,
    loading: 'Fatura em carregamento…',
    status: { pending: 'Pagamento pendente', paid: 'Paga', overdue: 'Vencida', cancelled: 'Cancelada' },
    statusBody: {
      pending:
        'Pague por transferência bancária para a conta abaixo. Esta página é atualizada automaticamente.',
      paid: 'Esta fatura está paga. Obrigado.',
      overdue:
        'A data de vencimento já passou. Ainda pode pagar por transferência bancária para a conta abaixo.',
      cancelled: 'Esta fatura foi cancelada. Não a pague.',
    },
    statusAnnouncement: {
      pending: 'Fatura com pagamento pendente',
      paid: 'Fatura paga',
      overdue: 'Fatura vencida',
      cancelled: 'Fatura cancelada',
    },
    dueDateLabel: 'Data de vencimento',
    issuedLabel: 'Emitida em',
    itemsCaption: 'Itens',
    itemColumn: 'Item',
    quantityColumn: 'Quantidade',
    unitPriceColumn: 'Preço unitário',
    lineTotalColumn: 'Valor',
    subtotal: 'Subtotal',
    total: 'Total',
    charge: { discount: 'Desconto', tax: 'Imposto', fee: 'Taxa', shipping: 'Envio' },
    chargeWithRate: (name, rate) => `${name} (${rate})`,
    noteLabel: 'Observação',
    paymentDetailsTitle: 'Dados para pagamento',
    paymentInstructions: (total) => `Transfira ${total} para esta conta`,
    currencyLabel: 'Moeda',
    swiftCodeLabel: 'Código SWIFT',
    copySwiftCode: 'Copiar o código SWIFT',
    copiedSwiftCode: 'Código SWIFT copiado',
    copyTotal: 'Copiar o total',
    copiedTotal: 'Total copiado',
    qrLabel: 'Código QR para pagar esta fatura a partir de outro dispositivo',
    print: 'Imprimir ou exportar em PDF',
    errorTitle: 'Não foi possível carregar esta fatura',
    notFound: 'Esta fatura não existe',
  },
};
