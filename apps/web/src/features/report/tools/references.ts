import type { CslItem } from '@yumi/core';
import { makeCitationKey, MAX_REFERENCES } from '@yumi/core';
import type { TFunction } from 'i18next';
import { toast } from '../../../shared/ui/toast';
import type { ReportCtx } from '../context';

/** Adds references with keys unique in the report, skipping ones already there (same DOI or key). */
export function addReference(r: ReportCtx, items: CslItem[], t: TFunction<'report'>) {
  const taken = new Set(r.meta.references.map((x) => x.id));
  const dois = new Set(r.meta.references.map((x) => x.DOI?.toLowerCase()).filter(Boolean));
  const fresh: CslItem[] = [];
  for (const item of items) {
    if (item.DOI && dois.has(item.DOI.toLowerCase())) continue;
    const id = taken.has(item.id) || /^(pmid|arxiv|doi|ieee)/.test(item.id) ? makeCitationKey(item, taken) : item.id;
    taken.add(id);
    fresh.push({ ...item, id, 'citation-key': id });
  }
  if (!fresh.length) {
    toast('info', t('citations.already'));
    return [];
  }
  if (r.meta.references.length + fresh.length > MAX_REFERENCES) {
    toast('error', t('citations.tooMany', { count: r.meta.references.length + fresh.length, max: MAX_REFERENCES }));
    return [];
  }
  r.updateMeta((m) => ({ references: [...m.references, ...fresh] }));
  toast('success', t('citations.added', { keys: fresh.map((f) => `[@${f.id}]`).join(', ') }));
  return fresh;
}
