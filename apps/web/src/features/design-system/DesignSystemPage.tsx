import { Bell, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '../../shared/ui/BackButton';
import { Button, IconButton } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Menu } from '../../shared/ui/Menu';
import { RadioCards } from '../../shared/ui/RadioCards';
import { Skeleton } from '../../shared/ui/Skeleton';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import { StatusPage } from '../../shared/ui/StatusPage';
import { Tabs } from '../../shared/ui/Tabs';
import { toast } from '../../shared/ui/toast';
import './design-system.css';

const MOODS = ['calm', 'bright', 'dramatic'] as const;
const COLOURS = { pink: '#f472b6', purple: '#a855f7', blue: '#60a5fa', green: '#34d399', yellow: '#fbbf24', orange: '#fb923c' } as const;
type Colour = keyof typeof COLOURS;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card ds-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="ds-row">{children}</div>
    </section>
  );
}

/** Every component of shared/ui on one page, in the current language, for design review and accessibility checks. */
export default function DesignSystemPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [size, setSize] = useState<'small' | 'medium' | 'large'>('medium');
  const [mood, setMood] = useState<(typeof MOODS)[number]>('calm');
  const [colour, setColour] = useState<Colour>('purple');
  const d = (key: string) => t(`designSystem.${key}`);
  return (
    <div className="page ds-page">
      <header className="ds-head">
        <BackButton label={t('notFound.home')} onClick={() => navigate('/')} />
        <h1>{d('title')}</h1>
      </header>
      <p className="muted">{d('intro')}</p>
      <Section title={d('buttons')}>
        <Button variant="primary">{d('primary')}</Button>
        <Button>{d('secondary')}</Button>
        <Button variant="ghost">{d('ghost')}</Button>
        <Button variant="danger">
          <Trash2 aria-hidden="true" /> {d('danger')}
        </Button>
        <Button size="sm" variant="primary">
          <Plus aria-hidden="true" /> {d('small')}
        </Button>
        <Button disabled>{d('disabled')}</Button>
      </Section>
      <Section title={d('iconButtons')}>
        <IconButton label={d('notifications')}>
          <Bell aria-hidden="true" />
        </IconButton>
        <IconButton className="small" label={d('delete')}>
          <Trash2 aria-hidden="true" />
        </IconButton>
        <BackButton label={t('notFound.home')} onClick={() => navigate('/')} />
      </Section>
      <Section title={d('overlays')}>
        <Button onClick={() => setDialogOpen(true)}>{d('openDialog')}</Button>
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen} title={d('dialogTitle')} description={d('dialogBody')}>
          <div className="ds-row ds-dialog-actions">
            <Button variant="primary" onClick={() => setDialogOpen(false)}>
              {d('ok')}
            </Button>
          </div>
        </Dialog>
        <Button onClick={() => toast('success', d('toastSuccess'))}>{d('toastSuccessButton')}</Button>
        <Button onClick={() => toast('error', d('toastError'))}>{d('toastErrorButton')}</Button>
        <Menu
          trigger={<Button>{d('openMenu')}</Button>}
          items={[
            { id: 'rename', label: d('rename'), onSelect: () => toast('info', d('rename')) },
            { id: 'duplicate', label: d('duplicate'), onSelect: () => toast('info', d('duplicate')) },
            { id: 'delete', label: d('delete'), danger: true, onSelect: () => toast('warning', d('delete')) },
          ]}
        />
      </Section>
      <Section title={d('tabs')}>
        <div className="ds-wide">
          <Tabs
            label={d('tabs')}
            items={[
              { id: 'one', label: d('tabOne'), content: <p>{d('tabOneBody')}</p> },
              { id: 'two', label: d('tabTwo'), content: <p>{d('tabTwoBody')}</p> },
            ]}
          />
        </div>
      </Section>
      <Section title={d('segmented')}>
        <div className="ds-wide">
          <SegmentedControl
            label={d('segmentedLabel')}
            value={size}
            onValueChange={setSize}
            options={(['small', 'medium', 'large'] as const).map((s) => ({ value: s, label: d(`sizes.${s}`) }))}
          />
          <p className="muted">{t('designSystem.segmentedBody', { value: d(`sizes.${size}`) })}</p>
        </div>
      </Section>
      <Section title={d('radioCards')}>
        <div className="ds-wide">
          <RadioCards
            label={d('moodLabel')}
            value={mood}
            onValueChange={setMood}
            options={MOODS.map((m) => ({ value: m, label: d(`moods.${m}.name`), description: d(`moods.${m}.hint`) }))}
          />
          <p className="muted">{t('designSystem.moodBody', { value: d(`moods.${mood}.name`) })}</p>
        </div>
        <div className="ds-wide">
          <RadioCards
            tiles
            columns={3}
            label={d('colourLabel')}
            value={colour}
            onValueChange={setColour}
            options={(Object.keys(COLOURS) as Colour[]).map((c) => ({ value: c, name: d(`colours.${c}`), label: <span className="ds-swatch" style={{ background: COLOURS[c] }} /> }))}
          />
          <p className="muted">{t('designSystem.colourBody', { value: d(`colours.${colour}`) })}</p>
        </div>
      </Section>
      <Section title={d('states')}>
        <div className="ds-wide ds-grid">
          <EmptyState message={d('empty')} action={<Button size="sm">{d('small')}</Button>} />
          <Skeleton lines={4} />
        </div>
      </Section>
      <Section title={d('pages')}>
        <div className="ds-wide ds-frame">
          <StatusPage title={t('notFound.title')} body={t('notFound.body')} actions={<Button variant="primary">{t('notFound.home')}</Button>} />
        </div>
      </Section>
    </div>
  );
}
