import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';

// The signed-in user's own data and the visitor's password and provider calls (svc-auth API.md).
const AUTH = '/api/v1/auth';

/** updateMe saves the personal details and answers { user }. */
export const updateMe = ({ fullName, phone, companyName, address }, lang) =>
  api.patch(`${AUTH}/me`, { fullName: fullName.trim(), phone: phone.trim(), companyName: companyName.trim(), address: address.trim() }, { lang });

export const changePassword = ({ currentPassword, newPassword, confirmPassword }, lang) =>
  api.post(`${AUTH}/password`, { currentPassword, newPassword, confirmPassword }, { lang });

/** forgotPassword always answers 202, whether or not an account has the address. */
export const forgotPassword = ({ email }, lang) => api.post(`${AUTH}/password/forgot`, { email: email.trim() }, { lang });

export const resetPassword = ({ token, newPassword, confirmPassword }, lang) =>
  api.post(`${AUTH}/password/reset`, { token, newPassword, confirmPassword }, { lang });

/**
 * getProviders answers which sign-in providers are configured, { google: bool, facebook: bool,
 * local: bool }; local is true when they are a stand-in on this machine (`make up`), not the real ones.
 */
export const getProviders = () => api.get(`${AUTH}/providers`);

/** oauthStartUrl starts signing in with a provider; the provider returns to returnTo. */
export const oauthStartUrl = (provider, returnTo, lang) =>
  `${AUTH}/oauth/${encodeURIComponent(provider)}/start?returnTo=${encodeURIComponent(returnTo)}&lang=${lang}`;

/** useMessages is the user's system messages in lang, newest first. */
export function useMessages(lang) {
  return useSWR([`${AUTH}/messages`, lang], (k) => fetcher(k).then((d) => d?.messages ?? []));
}

export const markMessageRead = (id, lang) => api.post(`${AUTH}/messages/${encodeURIComponent(id)}/read`, undefined, { lang });

/** verifyEmail confirms the address a mailed link was for (204); its refusals say why (API.md). */
export const verifyEmail = (token, lang) => api.post(`${AUTH}/verify`, { token }, { lang });

/** resendVerification mails the signed-in user a new confirmation link (202). */
export const resendVerification = (lang) => api.post(`${AUTH}/verify/resend`, undefined, { lang });

const MAIL_PREFERENCES = `${AUTH}/me/mail-preferences`;

/** useMailPreferences is the optional mails the user gets, { offers, reminders }, true when on. */
export function useMailPreferences(lang) {
  return useSWR([MAIL_PREFERENCES, lang], fetcher);
}

export const saveMailPreferences = ({ offers, reminders }, lang) => api.put(MAIL_PREFERENCES, { offers, reminders }, { lang });

/** unsubscribe turns off the one category a mailed one-click token names; answers { category }. */
export const unsubscribe = (token, lang) => api.post(`${AUTH}/unsubscribe/${encodeURIComponent(token)}`, undefined, { lang });
