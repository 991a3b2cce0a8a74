import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../lib/language.jsx';
import { ApiError } from '../../lib/api-client.js';
import { clearedUserData, menuRole, parseUserData } from './auth-cookie.js';
import { getMe, postLogin, postLogout, postRegister } from './api/session.js';

const AuthContext = createContext(null);

const SIGNED_OUT = { loading: false, user: null };

/**
 * AuthProvider holds the auth state of spec §4 and DESIGN §5. The first render (prerendered or
 * hydrating) is always a visitor who is still loading; after it, the userData cookie is read
 * and, if present, GET me confirms the session (authToken is HttpOnly, so the page cannot see
 * it). Only then is the user signed in.
 */
export function AuthProvider({ children }) {
  const lang = useLanguage();
  const langRef = useRef(lang);
  const [state, setState] = useState({ loading: true, user: null });

  useEffect(() => {
    langRef.current = lang;
  }, [lang]);

  const refresh = useCallback(async () => {
    const cookie = parseUserData(document.cookie);
    if (!cookie) {
      setState(SIGNED_OUT);
      return null;
    }
    try {
      const { user } = await getMe(langRef.current);
      setState({ loading: false, user });
      return user;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The session is over (expired, revoked): the display cookie goes too.
        document.cookie = clearedUserData;
        setState(SIGNED_OUT);
        return null;
      }
      // The service could not answer: the cookie's display data stand in until it can.
      console.error('Session check failed', err);
      const user = { fullName: cookie.name, type: cookie.type };
      setState({ loading: false, user });
      return user;
    }
  }, []);

  useEffect(() => {
    refresh();
  }, [refresh]);

  const signedIn = useCallback((answer) => {
    setState({ loading: false, user: answer.user });
    return answer.user;
  }, []);
  const login = useCallback((credentials) => postLogin(credentials, langRef.current).then(signedIn), [signedIn]);
  const register = useCallback((values) => postRegister(values, langRef.current).then(signedIn), [signedIn]);
  const update = useCallback((user) => setState({ loading: false, user }), []);

  // Logging out reloads the page (spec §2), so every screen starts again as a visitor; to, when
  // given, is the page to start at instead (an erased account's goodbye).
  const logout = useCallback(async (to) => {
    try {
      await postLogout(langRef.current);
    } catch (err) {
      console.error('Logout failed', err);
    }
    document.cookie = clearedUserData;
    setState(SIGNED_OUT);
    if (typeof to === 'string') window.location.assign(to);
    else window.location.reload();
  }, []);

  const value = useMemo(
    () => ({
      loading: state.loading,
      loggedIn: !!state.user,
      user: state.user,
      role: menuRole(state.user?.type),
      login,
      register,
      logout,
      refresh,
      update,
    }),
    [state, login, register, logout, refresh, update],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * useAuth is { loading, loggedIn, user, role, login(credentials), register(values), logout(),
 * refresh(), update(user) }; outside AuthProvider it throws, like the other contexts (spec §8).
 */
export function useAuth() {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
