import useSWR from 'swr';
import { answerWith } from '../swr-answer.js';

// The agency's facts (svc-catalog's GET company, from the one configuration in internal/company):
// what the footer, the contact page, the chat's other ways and the structured data show, so no
// page types a phone number or an address of its own.
export const companyKey = '/api/v1/catalog/company';

/** useCompany is the agency's public facts: { legalName, mersis, addressLine, phone, phoneUri, email, kep, ... }. */
export function useCompany() {
  return answerWith(useSWR(companyKey), 'company');
}
