import { availableModeCount, formatShards, MODE_IDS, toolCount } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useBalance } from '../../shared/billing/useBalance';
import { useModes } from '../../shared/modes/store';
import { useOnline } from '../../shared/hooks/useOnline';

const TOOLS = toolCount();

/** 'Ready to Create?' with three real figures: modes available, the user's timeshards, tools in the suite. */
export function StatsPanel() {
  const { t } = useTranslation('main');
  const installed = useModes((s) => s.installed);
  const online = useOnline();
  const { user } = useCurrentUser();
  const { balance, isLoading } = useBalance();
  const modes = availableModeCount(installed, online);
  return (
    <section className="panel-card stats-panel" aria-labelledby="ready-title">
      <h2 id="ready-title">{t('ready.title')}</h2>
      <div className="stat-row">
        <div className="stat-card" data-testid="stat-modes">
          <span className="stat-value">{modes}</span>
          <span className="stat-label">{t('ready.modes')}</span>
          <span className="stat-note">
            {online ? t('ready.modesNoteOnline', { installed: installed.length, total: MODE_IDS.length }) : t('ready.modesNoteOffline')}
          </span>
        </div>
        <div className="stat-card" data-testid="stat-balance">
          {user ? (
            <>
              <span className="stat-value">{isLoading || typeof balance !== 'number' ? '…' : formatShards(balance)}</span>
              <span className="stat-label">{t('ready.balance')}</span>
              <Link className="stat-note" to="/charge">
                {t('ready.topUp')}
              </Link>
            </>
          ) : (
            <>
              <Link className="stat-value stat-link" to="/login?from=%2F">
                {t('ready.signIn')}
              </Link>
              <span className="stat-label">{t('ready.balance')}</span>
              <span className="stat-note">{t('ready.signInNote')}</span>
            </>
          )}
        </div>
        <div className="stat-card" data-testid="stat-tools">
          <span className="stat-value">{TOOLS}</span>
          <span className="stat-label">{t('ready.tools')}</span>
          <span className="stat-note">{t('ready.toolsNote', { modes: MODE_IDS.length })}</span>
        </div>
      </div>
    </section>
  );
}
