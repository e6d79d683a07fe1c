// What <pay-bank-picker> says in French.
import type { BankPickerTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const frBankPicker: BankPickerTerms = {
  ...identity,
  ...failure,
  bankPicker: {
    label: 'Banque',
    placeholder: 'Rechercher une banque',
    showList: 'Afficher les banques',
    suggested: 'Suggestions',
    allBanks: 'Toutes les banques',
    loading: 'Chargement des banques…',
    resultCount: (count, formatted) => (count < 2 ? `${formatted} banque` : `${formatted} banques`),
    noMatch: 'Aucune banque ne correspond',
    moreResults: (shown, total) =>
      `${shown} banques affichées sur ${total}. Continuez à taper pour affiner la liste.`,
    selected: (name) => `${name} sélectionnée`,
    required: 'Choisissez une banque.',
    loadFailed: 'Impossible de charger la liste des banques',
    unknownCountry: (country) => `Il n'existe pas de liste de banques pour le pays «\u00a0${country}\u00a0».`,
  },
};
