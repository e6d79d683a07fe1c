// The seed's customers as people: names, phones, documents and addresses that look like their country's.

export interface Person {
  /** the key in `fixtures.customers` */
  key: 'ada' | 'chinedu' | 'kwame' | 'wanjiru' | 'thabo' | 'emily';
  first: string;
  last: string;
  phone: string;
  dob: string;
  gender: string;
  occupation: string;
  income: string;
  idType: string;
  idNumber: string;
  street: string;
  city: string;
  region: string;
  postal: string;
  joinedDaysAgo: number;
}

export const people: readonly Person[] = [
  {
    key: 'ada',
    first: 'Ada',
    last: 'Okafor',
    phone: '8031234567',
    dob: '1991-04-12',
    gender: 'female',
    occupation: 'Product designer',
    income: 'RANGE_3',
    idType: 'NIN',
    idNumber: '70123456789',
    street: '12 Admiralty Way, Lekki Phase 1',
    city: 'Lagos',
    region: 'Lagos',
    postal: '106104',
    joinedDaysAgo: 120,
  },
  {
    key: 'chinedu',
    first: 'Chinedu',
    last: 'Eze',
    phone: '8129876543',
    dob: '1986-09-30',
    gender: 'male',
    occupation: 'Civil engineer',
    income: 'RANGE_4',
    idType: 'PASSPORT',
    idNumber: 'A09876543',
    street: '5 Aminu Kano Crescent, Wuse 2',
    city: 'Abuja',
    region: 'FCT',
    postal: '904101',
    joinedDaysAgo: 95,
  },
  {
    key: 'kwame',
    first: 'Kwame',
    last: 'Mensah',
    phone: '244123456',
    dob: '1989-02-03',
    gender: 'male',
    occupation: 'Trader',
    income: 'RANGE_2',
    idType: 'GHANA_CARD',
    idNumber: 'GHA-712345678-9',
    street: '14 Oxford Street, Osu',
    city: 'Accra',
    region: 'Greater Accra',
    postal: 'GA-039-5028',
    joinedDaysAgo: 80,
  },
  {
    key: 'wanjiru',
    first: 'Wanjiru',
    last: 'Kamau',
    phone: '712345678',
    dob: '1994-11-21',
    gender: 'female',
    occupation: 'Software developer',
    income: 'RANGE_3',
    idType: 'NATIONAL_ID',
    idNumber: '31234567',
    street: 'Ngong Road, Kilimani',
    city: 'Nairobi',
    region: 'Nairobi County',
    postal: '00100',
    joinedDaysAgo: 60,
  },
  {
    key: 'thabo',
    first: 'Thabo',
    last: 'Nkosi',
    phone: '821234567',
    dob: '1983-06-16',
    gender: 'male',
    occupation: 'Accountant',
    income: 'RANGE_4',
    idType: 'NATIONAL_ID',
    idNumber: '8306165800089',
    street: '27 Fox Street, Marshalltown',
    city: 'Johannesburg',
    region: 'Gauteng',
    postal: '2001',
    joinedDaysAgo: 45,
  },
  {
    key: 'emily',
    first: 'Emily',
    last: 'Carter',
    phone: '4155550142',
    dob: '1990-01-08',
    gender: 'female',
    occupation: 'Marketing manager',
    income: 'RANGE_5',
    idType: 'DRIVERS_LICENSE',
    idNumber: 'D1234567',
    street: '500 Howard Street',
    city: 'San Francisco',
    region: 'CA',
    postal: '94105',
    joinedDaysAgo: 30,
  },
];
