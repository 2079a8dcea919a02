import type { ReportMeta, ReportStructure, RichText } from '@yumi/core';
import { createContext, useContext } from 'react';

/** What every Report Helper tool can read and change. */
export interface ReportCtx {
  text: string;
  setText(text: string): void;
  insertAtCursor(snippet: string): void;
  report: ReportStructure;
  meta: ReportMeta;
  updateMeta(patch: Partial<ReportMeta> | ((m: ReportMeta) => Partial<ReportMeta>)): void;
  documentId: string | null;
  signedIn: boolean;
  /** In-text citation per cite group (keys joined by ";"), in the chosen style. */
  inText: Map<string, RichText>;
  /** A note style's note for each citation, in reading order (citeOccurrences); null for in-text styles. */
  notes: RichText[] | null;
  bibliography: RichText[];
  /** Chart input handed from an uploaded CSV/XLSX to the Chart Generator. */
  table: { name: string; rows: string[][]; truncated: boolean } | null;
  setTable(t: ReportCtx['table']): void;
  openTool(id: string): void;
}
export const ReportContext = createContext<ReportCtx | null>(null);
export function useReport(): ReportCtx {
  const c = useContext(ReportContext);
  if (!c) throw new Error('useReport outside the Report Helper');
  return c;
}
