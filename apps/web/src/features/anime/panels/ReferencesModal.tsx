import { filterReferences, REFERENCE_FILTERS, type ReferenceFilter, type ReferenceImage } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/toast';
import { useEngine } from '../engine';
import { urlToBuffer } from '../lib/pixels';
import { useAnime } from '../store';

/** Spec §2 Yumi reference library: three references, four filters, placeholder on load failure. */
export function ReferencesModal() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { referencesOpen, set } = useAnime();
  const [filter, setFilter] = useState<ReferenceFilter>('all');
  const place = async (r: ReferenceImage) => {
    try {
      engine.importImage(await urlToBuffer(r.src, 2048), { name: `Reference: ${r.title}`, fit: 'contain' });
      engine.setLayerProps(engine.document.activeLayerId, { opacity: 50 });
      set({ referencesOpen: false });
      toast('success', t('search.placed'));
    } catch {
      toast('error', t('search.placeFailed'));
    }
  };
  return (
    <Dialog open={referencesOpen} onOpenChange={(o) => set({ referencesOpen: o })} title={t('references.title')} description={t('references.description')} wide>
      <Tabs
        label={t('references.title')}
        value={filter}
        onValueChange={(f) => setFilter(f as ReferenceFilter)}
        items={REFERENCE_FILTERS.map((f) => ({
          id: f,
          label: t(`references.filters.${f}`),
          content: (
            <div className="an-reference-grid">
              {filterReferences(f).map((r) => (
                <figure key={r.id} className="an-reference-card card">
                  <img
                    src={r.src}
                    alt={r.title}
                    onError={(e) => {
                      e.currentTarget.src = '/anime/placeholder.svg';
                    }}
                  />
                  <figcaption>
                    <strong>{r.title}</strong>
                    <small className="muted">{r.description}</small>
                    <Button size="sm" variant="primary" onClick={() => void place(r)}>
                      {t('references.use')}
                    </Button>
                  </figcaption>
                </figure>
              ))}
            </div>
          ),
        }))}
      />
    </Dialog>
  );
}
