import { api } from '../../../lib/api-client.js';

// The calls the auth state needs on every page (svc-auth API.md); each answers { user }.
const AUTH = '/api/v1/auth';

export const getMe = (lang) => api.get(`${AUTH}/me`, { lang });
export const postLogin = ({ email, password, rememberMe }, lang) => api.post(`${AUTH}/login`, { email: email.trim(), password, rememberMe: !!rememberMe }, { lang });
export const postRegister = ({ fullName, email, password, confirmPassword, acceptTerms }, lang) =>
  api.post(`${AUTH}/register`, { fullName: fullName.trim(), email: email.trim(), password, confirmPassword, acceptTerms: !!acceptTerms }, { lang });
export const postLogout = (lang) => api.post(`${AUTH}/logout`, undefined, { lang });
