// GET /v1/customers, GET /v1/customers/{id}; customers are created through the control API.
import type { Customer } from '@pay-elements/api';
import { isoOffset } from '../clock.js';
import { param, type Route, type Services } from '../context.js';
import { marketByAlpha3 } from '../data/countries.js';
import { newId, randomDigits } from '../ids.js';
import { paginate } from '../list.js';
import { SandboxFailure, messages, ok } from '../responses.js';

export const customerFields = [
  'id',
  'email',
  'first_name',
  'last_name',
  'country_code',
  'phone',
  'dial_code',
  'created_at',
  'updated_at',
  'status',
] as const satisfies readonly (keyof Customer)[];

export function findCustomer(services: Services, id: string): Customer {
  const customer = services.state.customers.get(id);
  if (!customer) throw new SandboxFailure(404, messages.customerNotFound);
  return customer;
}

export interface NewCustomer {
  email: string;
  first_name: string;
  last_name: string;
  /** alpha-3 of one of the emulator's markets */
  country_code: string;
  phone?: string | undefined;
  dial_code?: string | undefined;
}

/** A customer with the meta a freshly onboarded one has: identity checks pending, nothing on file. */
export function createCustomer(services: Services, input: NewCustomer): Customer {
  const market = marketByAlpha3(input.country_code);
  const alpha2 = market?.alpha2 ?? input.country_code.slice(0, 2).toUpperCase();
  const at = isoOffset(services.clock.now());
  const customer: Customer = {
    id: newId('cus'),
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    country_code: input.country_code.toUpperCase(),
    phone: input.phone ?? randomDigits(9),
    dial_code: input.dial_code ?? market?.dialCode ?? '',
    created_at: at,
    updated_at: at,
    status: 'APPROVAL_PENDING',
    meta: {
      date_of_birth: '',
      employment_status: '',
      expected_monthly_income: '',
      primary_purpose: '',
      source_of_funds: '',
      most_recent_occupation: '',
      providers: null,
      document: {
        docs: null,
        number: '',
        country: alpha2,
        id_type: '',
        valid_until: '',
        provider: 0,
        additional: null,
        gender: '',
      },
      address: {
        street: '',
        city: '',
        state: '',
        country: alpha2,
        postal_code: '',
        document: { id_type: '', issue_country: alpha2, urls: null },
      },
    },
  };
  services.state.customers.set(customer.id, customer);
  return customer;
}

export const customerRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/customers',
    handle: (ctx) => ok(paginate([...ctx.state.customers.values()], ctx.url, { fields: customerFields })),
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle: (ctx) => ok(findCustomer(ctx, param(ctx, 'id'))),
  },
];
