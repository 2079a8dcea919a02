import type { PostProcessing } from '@yumi/core';
import type { PsdInput } from '../modules/account/export/psd';
import type { OfflineDrawJob } from '../modules/images/ai-draw';
import type { OutlineJob } from '../modules/images/outline';
import type { CompareJob } from '../modules/plagiarism/compare';
import type { LatexInput } from '../modules/report/latex';
import type { PdfInput } from '../modules/report/pdf';
import type { CharacterTraits } from '@yumi/core/procedural';

/**
 * The CPU pool's worker threads run these (see pool.ts). Each task is a thin wrapper around its module's
 * own function, so modules keep their algorithms where they are and only the call crosses to the thread.
 * Modules load on a thread's first task of that kind (the PDF stack is large).
 */
export const tasks = {
  pdf: async (input: PdfInput) => (await import('../modules/report/pdf')).renderReportPdf(input),
  latex: async (input: LatexInput) => (await import('../modules/report/latex')).renderLatexZip(input),
  psd: async (input: PsdInput) => (await import('../modules/account/export/psd')).versionPsd(input),
  procedural: async (input: { traits: CharacterTraits; width: number; height: number }) =>
    (await import('../providers/image/procedural/render')).renderCharacterPng(input.traits, input.width, input.height),
  palette: async (image: Uint8Array) => (await import('../providers/image/procedural')).paletteOf(image),
  postprocess: async (input: { png: Uint8Array; options: PostProcessing; skipUpscale: boolean }) =>
    (await import('../modules/images/postprocess')).postProcess(input.png, input.options, input.skipUpscale),
  outline: async (job: OutlineJob) => (await import('../modules/images/outline')).outlinePng(job),
  colours: async (png: Uint8Array) => (await import('../modules/characters/analyze')).colourAnalysisOf(png),
  aiDraw: async (job: OfflineDrawJob) => (await import('../modules/images/ai-draw')).offlineDrawLayer(job),
  fingerprint: async (text: string) => (await import('../modules/plagiarism/compare')).fingerprintRows(text),
  plagiarism: async (job: CompareJob) => (await import('../modules/plagiarism/compare')).compareWithSources(job),
};

export type Tasks = typeof tasks;

/** The worker's entry: piscina calls it with one `{ task, input }` message per run. */
export default function runTask(message: { task: keyof Tasks; input: never }): Promise<unknown> {
  return tasks[message.task](message.input);
}
