import type { ModeId } from './modes';

/**
 * The tool catalogue: every tool a user can pick in each mode. The launcher's third stat card counts it
 * (the prototype's static '47+ features'), so an entry is added here when a mode gains a tool.
 */
export interface ToolEntry {
  id: string;
  mode: ModeId;
  category: string;
}

const tools = (mode: ModeId, category: string, ids: string[]): ToolEntry[] => ids.map((id) => ({ id, mode, category }));

export const TOOL_CATALOGUE: readonly ToolEntry[] = [
  // Writing Helper: the ten sidebar tools (first document §2).
  ...tools('writing', 'social', ['social', 'trending']),
  ...tools('writing', 'ai', ['ai-continue', 'instructions', 'generate-versions']),
  ...tools('writing', 'collaboration', ['anime-collab', 'galgame-blog', 'novel-writing']),
  ...tools('writing', 'tools', ['test-writing', 'upload']),
  // Report Helper: the research sidebar (first document §2).
  ...tools('report', 'research', ['scientific-search', 'nature-physics-db']),
  ...tools('report', 'editing', ['latex-editor', 'equation-builder', 'generate-versions']),
  ...tools('report', 'analysis', ['plagiarism-check', 'citation-manager', 'chart-generator']),
  ...tools('report', 'export', ['pdf-export']),
  ...tools('report', 'tools', ['upload']),
  // Anime Create: the toolbar's drawing tools, panels and AI helpers (second document §2).
  ...tools('anime', 'draw', ['brush', 'pencil', 'marker', 'airbrush', 'fine-liner', 'detail-brush', 'texture-brush', 'eraser', 'precision-eraser']),
  ...tools('anime', 'panels', ['layers', 'colors', 'history', 'export', 'templates', 'poses', 'yumi-references', 'character-library', 'version-history']),
  ...tools('anime', 'ai', ['ai-generate', 'ai-outline', 'ai-brush', 'ai-eraser', 'ai-color-assistant', 'smart-brush']),
  ...tools('anime', 'tools', ['search-photos', 'upload', 'customize']),
  // Image studio: text-to-image with its gallery.
  ...tools('image', 'generate', ['text-to-image', 'style-presets', 'aspect-ratio', 'seed-control']),
  ...tools('image', 'library', ['gallery', 'download-image']),
];

export const toolCount = (catalogue: readonly ToolEntry[] = TOOL_CATALOGUE) => catalogue.length;
export const toolsOfMode = (mode: ModeId) => TOOL_CATALOGUE.filter((t) => t.mode === mode);
