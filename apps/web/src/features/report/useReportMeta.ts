import { reportApi, reportMetaSchema, type ReportMeta } from '@yumi/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../shared/api/client';

const EMPTY: ReportMeta = { references: [], style: 'apa', figures: [] };
const localKey = (id: string) => `report.meta.${id}`;

/**
 * Copies a report's references, style and figures to its duplicate (before the duplicate opens). The
 * open report's are taken from memory: its last change may still wait for the debounced save.
 */
export async function copyReportMeta(fromId: string, toId: string, source: string, open: { id: string | null; meta: ReportMeta }): Promise<void> {
  const meta =
    open.id === fromId
      ? open.meta
      : source === 'server'
        ? await call(reportApi.meta, { params: { documentId: fromId } })
        : reportMetaSchema.parse(JSON.parse(localStorage.getItem(localKey(fromId)) ?? '{}'));
  if (source === 'server') await call(reportApi.saveMeta, { params: { documentId: toId }, body: meta });
  else localStorage.setItem(localKey(toId), JSON.stringify(meta));
}

/**
 * References, citation style and figures kept with the report document: on the server for signed-in
 * users (PUT /api/report/meta/:id), in local storage for a local document. Saves are debounced.
 */
export function useReportMeta(documentId: string | null, source: string) {
  const [meta, setMeta] = useState<ReportMeta>(EMPTY);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const server = source === 'server';

  useEffect(() => {
    if (!documentId) return;
    let cancelled = false;
    (async () => {
      if (server) return call(reportApi.meta, { params: { documentId } });
      const raw = localStorage.getItem(localKey(documentId));
      return raw ? reportMetaSchema.parse(JSON.parse(raw)) : EMPTY;
    })()
      .then((m) => !cancelled && setMeta(m))
      .catch(() => !cancelled && setMeta(EMPTY));
    return () => {
      cancelled = true;
    };
  }, [documentId, server]);

  const update = useCallback(
    (patch: Partial<ReportMeta> | ((m: ReportMeta) => Partial<ReportMeta>)) => {
      setMeta((prev) => {
        const next = { ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) };
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (!documentId) return;
          if (server) void call(reportApi.saveMeta, { params: { documentId }, body: next }).catch(() => undefined);
          else {
            try {
              localStorage.setItem(localKey(documentId), JSON.stringify(next));
            } catch {
              /* storage full: the meta stays in memory for this session */
            }
          }
        }, 500);
        return next;
      });
    },
    [documentId, server],
  );
  return { meta, update };
}
