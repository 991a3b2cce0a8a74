import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';
import { sendForm } from '../../../lib/upload.js';
import { applicationBody } from '../application.js';

// svc-translators' calls (API.md): the public application, and the signed-in translator's
// profile, bank accounts and vacations. Answers carry texts in the request's language, so the
// language is part of every cache key. What the pages read of an answer is mapped here, so a
// renamed field is mended in one place.
const TRANSLATORS = '/api/v1/translators';
const id = (v) => encodeURIComponent(v);

export const APPLICATIONS_URL = `${TRANSLATORS}/applications`;

/**
 * submitApplication sends the application as multipart/form-data (the CV and portfolio file with
 * it), reporting the upload's progress; it answers the Application or fails as sendForm does.
 */
export const submitApplication = (values, lang, { onProgress, signal, XHR } = {}) =>
  sendForm(APPLICATIONS_URL, () => applicationBody(values, lang), { lang, onProgress, signal, XHR, accept: (d) => !!d?.id });

export const profileKey = (lang) => [`${TRANSLATORS}/profile`, lang];
export const useTranslatorProfile = (lang) => useSWR(profileKey(lang), fetcher);
/** saveCompetencies replaces the competencies as a whole; a 400 names each refused field. */
export const saveCompetencies = (body, lang) => api.put(`${TRANSLATORS}/profile/competencies`, body, { lang });

/** toAccount is a BankAccount as the page uses it. */
export const toAccount = (a) => ({ id: a.id, iban: a.iban, display: a.ibanDisplay ?? a.iban, country: a.country ?? '', holder: a.holder ?? '', isDefault: !!a.default, addedAt: a.addedAt });
export const bankAccountsKey = (lang) => [`${TRANSLATORS}/bank-accounts`, lang];
export const useBankAccounts = (lang) => useSWR(bankAccountsKey(lang), (k) => fetcher(k).then((d) => (d?.accounts ?? []).map(toAccount)));
export const addBankAccount = (iban, holder, lang) => api.post(`${TRANSLATORS}/bank-accounts`, { iban, holder }, { lang }).then(toAccount);
/** makeDefault answers the whole list, with this account the default. */
export const makeDefault = (accountId, lang) => api.post(`${TRANSLATORS}/bank-accounts/${id(accountId)}/default`, undefined, { lang }).then((d) => (d?.accounts ?? []).map(toAccount));
export const deleteBankAccount = (accountId, lang) => api.delete(`${TRANSLATORS}/bank-accounts/${id(accountId)}`, { lang });

/** toVacation is a Vacation period: start and end are calendar days in Turkey, both included. */
export const toVacation = (v) => ({ id: v.id, start: v.start, end: v.end, note: v.note ?? '', status: v.status });
export const vacationsKey = (lang) => [`${TRANSLATORS}/vacations`, lang];
export const useVacations = (lang) =>
  useSWR(vacationsKey(lang), (k) => fetcher(k).then((d) => ({ vacations: (d?.vacations ?? []).map(toVacation), onVacation: d?.onVacation })));
export const addVacation = (period, lang) => api.post(`${TRANSLATORS}/vacations`, period, { lang }).then(toVacation);
/** endVacation ends a running period today, or removes one that has not started. */
export const endVacation = (vacationId, lang) => api.post(`${TRANSLATORS}/vacations/${id(vacationId)}/end`, undefined, { lang });
