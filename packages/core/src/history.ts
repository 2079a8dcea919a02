import { z } from 'zod';

/**
 * Document history (issue 32): versions of a Writing or Report document's text. The server takes an automatic
 * version at most every AUTO_VERSION_INTERVAL_MS of editing; editors name versions and restore one (a restore
 * is a new version: nothing is lost). Each version lists who edited since the one before it. Anyone with
 * access reads the history; the diff of a version against now is computed by the client from its content.
 */
export const AUTO_VERSION_INTERVAL_MS = 5 * 60_000;
export const MAX_VERSION_NAME_CHARS = 80;
/** Versions kept per document: past it the oldest unnamed ones go first; named ones stay. */
export const MAX_VERSIONS_PER_DOCUMENT = 500;
/** Named versions per document; naming one more is refused (they are never pruned). */
export const MAX_NAMED_VERSIONS = 200;

export const VERSION_KINDS = ['auto', 'named', 'restore'] as const;
export type DocumentVersionKind = (typeof VERSION_KINDS)[number];

const personSchema = z.object({ id: z.uuid(), username: z.string() });

export const documentVersionSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(VERSION_KINDS),
  /** Set on named versions only. */
  name: z.string().nullable(),
  chars: z.number().int().min(0),
  /** Who edited the text since the version before this one (may be nobody, as for the text before the first edit). */
  authors: z.array(personSchema),
  /** Who named or restored it; null for an automatic version. */
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  /** The version a restore brought back; null otherwise, or when that version has since been pruned. */
  restoredFrom: z.uuid().nullable(),
});
export type DocumentVersionSummary = z.infer<typeof documentVersionSummarySchema>;

export const documentVersionSchema = documentVersionSummarySchema.extend({ content: z.string() });
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** Newest first. */
export const documentVersionsSchema = z.object({ versions: z.array(documentVersionSummarySchema) });

export const nameVersionSchema = z.strictObject({ name: z.string().trim().min(1).max(MAX_VERSION_NAME_CHARS) });
export const versionParamsSchema = z.object({ id: z.uuid(), versionId: z.uuid() });
