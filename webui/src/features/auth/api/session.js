import { api } from '../../../lib/api-client.js';

// The calls the auth state needs on every page (svc-auth API.md); each answers { user }.
const AUTH = '/api/v1/auth';

export const getMe = (lang) => api.get(`${AUTH}/me`, { lang });
export const postLogin = ({ email, password, rememberMe }, lang) => api.post(`${AUTH}/login`, { email: email.trim(), password, rememberMe: !!rememberMe }, { lang });
/**
 * postRegister signs up; the consents go with it (svc-auth API.md "Consents"): the optional
 * marketing e-mails, and the versions of the privacy notice and agreement the page showed.
 */
export const postRegister = ({ fullName, email, password, confirmPassword, acceptTerms, marketingEmails, noticeVersion, termsVersion }, lang) =>
  api.post(
    `${AUTH}/register`,
    { fullName: fullName.trim(), email: email.trim(), password, confirmPassword, acceptTerms: !!acceptTerms, marketingEmails: !!marketingEmails, noticeVersion: noticeVersion ?? '', termsVersion: termsVersion ?? '' },
    { lang },
  );
export const postLogout = (lang) => api.post(`${AUTH}/logout`, undefined, { lang });
