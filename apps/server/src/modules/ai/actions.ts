import { helpLinkHref, LANGUAGES, TOOL_CATALOGUE, type AssistantMode, type Language, type ModeId } from '@yumi/core';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { helpCorpus } from '../../providers/llm/offline';

/**
 * Action buttons for real models: the screens and tools the help articles link to, offered to the model as
 * one tool, `open_screen`. A call becomes the same Markdown button the offline assistant puts under its
 * answers ([label](/writing?tool=...)), labelled in the user's language.
 */
const OPEN_SCREEN_TOOL = 'open_screen';

interface Destination {
  to: string;
  labels: Record<Language, string>;
  admin: boolean;
  /** The mode whose tool it opens; null for a screen. */
  mode: ModeId | null;
}

/** Which mode's tools the assistant offers where the user is (on the launcher: all). */
const MODE_OF: Record<AssistantMode, ModeId | null> = { main: null, 'writing-helper': 'writing', 'report-helper': 'report', 'anime-chara-helper': 'anime' };

function modeOfTarget(to: string): ModeId | null {
  if (to.startsWith('tool:')) return TOOL_CATALOGUE.find((t) => t.id === to.slice(5))?.mode ?? null;
  if (!/[?&]tool=/.test(to)) return null;
  return /[?&]screen=report/.test(to) ? 'report' : to.startsWith('/anime-chara') ? 'anime' : to.startsWith('/image') ? 'image' : 'writing';
}

let cached: Destination[] | undefined;
function destinations(): Destination[] {
  if (cached) return cached;
  const byTarget = new Map<string, Destination>();
  for (const files of helpCorpus().values()) {
    const en = files.en;
    if (!en) continue;
    en.links.forEach((link, i) => {
      const known = byTarget.get(link.to);
      const admin = en.audience === 'admin';
      if (known) {
        known.admin &&= admin;
        return;
      }
      const labels = Object.fromEntries(LANGUAGES.map((l) => [l, files[l]?.links[i]?.label ?? link.label])) as Record<Language, string>;
      byTarget.set(link.to, { to: link.to, labels, admin, mode: modeOfTarget(link.to) });
    });
  }
  return (cached = [...byTarget.values()]);
}

const visible = (admin: boolean) => destinations().filter((d) => admin || !d.admin);

/**
 * The tool definition for one caller: every screen, and the tools of the mode the user is in (all of them on
 * the launcher), which keeps the definition to a few hundred tokens. Admins also get the admin page.
 */
export function openScreenTool(admin: boolean, mode: AssistantMode): ToolSet {
  const here = MODE_OF[mode];
  const targets = visible(admin).filter((d) => here === null || d.mode === null || d.mode === here);
  // No `execute`: the call is not run by the SDK but turned into a button by `actionButton`.
  return {
    [OPEN_SCREEN_TOOL]: tool({
      description:
        'Shows the user a button that opens a screen or tool of Yumi Studio. Call it when your answer is about one of them, after writing the answer. Targets: ' +
        targets.map((d) => `${d.to} (${d.labels.en})`).join('; '),
      inputSchema: jsonSchema<{ target: string }>({
        type: 'object',
        properties: { target: { type: 'string', enum: targets.map((d) => d.to), description: 'The screen or tool to open' } },
        required: ['target'],
        additionalProperties: false,
      }),
    }),
  };
}

export const ACTIONS_HINT = `When your answer is about a screen or tool of Yumi Studio, call ${OPEN_SCREEN_TOOL} so the user gets a button that opens it.`;

/**
 * The button for a tool call (its parsed input, not checked against the schema: the model may name anything),
 * or null when the call is not ours or names no known target.
 */
export function actionButton(toolName: string, input: unknown, language: Language, admin: boolean): string | null {
  if (toolName !== OPEN_SCREEN_TOOL || typeof input !== 'object' || input === null) return null;
  const { target } = input as { target?: unknown };
  const destination = visible(admin).find((d) => d.to === target);
  if (!destination) return null;
  const label = destination.labels[language].replace(/[[\]]/g, '');
  return `[${label}](${helpLinkHref(destination.to)})`;
}
