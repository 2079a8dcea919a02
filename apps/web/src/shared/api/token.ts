/** The one local-storage key for the session token (the prototype used two; we use one everywhere). */
const TOKEN_KEY = 'auth_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a session ends on this browser: sign-out, a revoked or expired token, or a
 * sign-out in another tab. Features that keep private things on the device clear them here.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

const endSession = () => sessionEndListeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if ((e.key === TOKEN_KEY || e.key === null) && e.oldValue && !e.newValue) endSession();
  });
}

export function setToken(token: string | null): void {
  const had = getToken() !== null;
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this page only.
  }
  if (had && !token) endSession();
}
