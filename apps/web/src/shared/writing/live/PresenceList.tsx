import { useTranslation } from 'react-i18next';
import type { LiveText } from './useLiveText';

/**
 * Who has the shared document open (header): a coloured initial per person, their name on hover and for
 * screen readers, the connection state, and how many of my edits wait for the server.
 */
export function PresenceList({ live }: { live: LiveText }) {
  const { t } = useTranslation('writing');
  // One entry per person even with the document open in two tabs.
  const people = [...new Map(live.peers.map((p) => [`${p.name}|${p.color}`, p])).values()].sort((a, b) => Number(b.me) - Number(a.me));
  return (
    <div className="presence" role="group" aria-label={t('live.presence')}>
      <ul className="presence-list">
        {people.map((p) => (
          <li key={p.clientId} className="presence-person" style={{ background: p.color }} title={p.me ? t('live.you', { name: p.name }) : p.name}>
            <span aria-hidden>{[...p.name][0]?.toUpperCase()}</span>
            <span className="visually-hidden">{p.me ? t('live.you', { name: p.name }) : p.name}</span>
          </li>
        ))}
      </ul>
      <span className={`badge small live-status live-${live.status}`} aria-live="polite" data-testid="live-status">
        {t(`live.status.${live.status}`)}
        {live.pending > 0 && live.status !== 'live' ? ` · ${t('live.pending', { count: live.pending })}` : ''}
      </span>
    </div>
  );
}
