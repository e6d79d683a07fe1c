// What <pay-bank-picker> says in Portuguese.
import type { BankPickerTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const ptBankPicker: BankPickerTerms = {
  ...identity,
  ...failure,
  bankPicker: {
    label: 'Banco',
    placeholder: 'Pesquisar um banco',
    showList: 'Mostrar os bancos',
    suggested: 'Sugeridos',
    allBanks: 'Todos os bancos',
    loading: 'Lista de bancos em carregamento…',
    resultCount: (count, formatted) => (count === 1 ? '1 banco' : `${formatted} bancos`),
    noMatch: 'Nenhum banco corresponde à pesquisa',
    moreResults: (shown, total) =>
      `${shown} de ${total} bancos apresentados. Escreva mais para refinar a lista.`,
    selected: (name) => `${name} selecionado`,
    required: 'Escolha um banco.',
    loadFailed: 'Não foi possível carregar a lista de bancos',
    unknownCountry: (country) => `Não existe uma lista de bancos para o país “${country}”.`,
  },
};
