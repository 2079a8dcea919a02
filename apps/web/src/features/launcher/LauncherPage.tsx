import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { BrushIcon, ImageIcon, PenIcon, ReportIcon } from '../../shared/ui/icons';
import './launcher.css';

const MODES = [
  { id: 'writing', to: '/writing', Icon: PenIcon },
  { id: 'report', to: '/writing?screen=report', Icon: ReportIcon },
  { id: 'anime', to: '/anime-chara', Icon: BrushIcon },
  { id: 'image', to: '/image', Icon: ImageIcon },
] as const;

export default function LauncherPage() {
  const { t } = useTranslation('main');
  const { user } = useCurrentUser();
  return (
    <div className="page launcher">
      <section className="hero">
        <h1>
          <span className="gradient-text">{t('hero.title')}</span>
        </h1>
        <p className="hero-subtitle">{t('hero.subtitle')}</p>
        {user && <p className="muted">{t('hero.welcomeBack', { name: user.username })}</p>}
      </section>
      <section aria-labelledby="modes-title">
        <h2 id="modes-title">{t('modes.title')}</h2>
        <div className="mode-grid">
          {MODES.map(({ id, to, Icon }) => (
            <Link key={id} to={to} className={`mode-card mode-${id}`}>
              <span className="mode-icon">
                <Icon />
              </span>
              <span className="mode-name">{t(`modes.${id}.name`)}</span>
              <span className="mode-desc">{t(`modes.${id}.description`)}</span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
