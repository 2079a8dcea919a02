import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Opens the tool that the address names (`?tool=<id>`), on arrival and whenever the address changes: the
 * assistant's action buttons and shared links lead straight to a tool. `resolve` maps a catalogue id (or the
 * screen's own id) to the screen's tool, or null when this screen has no such tool. `screen`, when given,
 * must match the address's `?screen=` if it has one (Writing and Report share /writing). Once opened, `tool`
 * is dropped from the address, so a later remount or reload does not open it again.
 */
export function useToolFromUrl(resolve: (id: string) => string | null, open: (id: string) => void, screen?: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ resolve, open });
  latest.current = { resolve, open };
  // One address opens its tool once (React's development double effects included).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (handled.current === location.key) return;
    const params = new URLSearchParams(location.search);
    const wanted = params.get('tool');
    if (!wanted) return;
    const named = params.get('screen');
    if (screen && named && named !== screen) return;
    const id = latest.current.resolve(wanted);
    if (!id) return;
    handled.current = location.key;
    latest.current.open(id);
    params.delete('tool');
    const rest = params.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    // The address is what this follows; the callbacks are read fresh through the ref.
  }, [location.key, location.pathname, location.search, location.hash, navigate, screen]);
}
