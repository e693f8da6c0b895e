import { useCallback } from 'react';
import { useSession } from './session.ts';
import { ensureLogin } from './startup.ts';

/** The logged-in person (null when logged out or not known yet). */
export function useCurrentUser() {
  return useSession((s) => (s.token ? s.user : null));
}

export function useIsLoggedIn() {
  return useSession((s) => s.token !== null);
}

/** Language of community content: the host's community language, else the app language. */
export function useContentLanguage() {
  return useSession((s) => s.requestLang ?? s.lang);
}

/**
 * Runs a protected action: without a token it first invokes the host's login, and the action goes
 * on after it. Answers false (and runs nothing) when the person cancels.
 */
export function useRequireLogin() {
  return useCallback(async <T>(action: () => Promise<T> | T): Promise<T | undefined> => {
    if (!(await ensureLogin())) return undefined;
    return action();
  }, []);
}
