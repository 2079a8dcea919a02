import { load as parseYaml } from 'js-yaml';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n';
import { MODE_ROUTES } from '../modes';
import { TOOL_CATALOGUE } from '../tools';

/**
 * The help corpus: one folder per article under `packages/core/help/<slug>/`, one Markdown file per
 * language (`en.md`, `ja.md`, `zh.md`, `ko.md`) with YAML front matter. Content, not code: writers edit
 * the files, this module only says what a valid file is and where its links lead. Reading the files is
 * the server's job (core does no I/O).
 */
export const HELP_CATEGORIES = [
  'start',
  'writing',
  'report',
  'anime',
  'image',
  'assistant',
  'account',
  'billing',
  'offline',
  'privacy',
  'devices',
  'troubleshooting',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Routes of the web app a help link may open (apps/web/src/app/App.tsx). */
export const HELP_LINK_ROUTES = ['/', '/login', '/terms', '/privacy', '/writing', '/writing-helper', '/image', '/anime-chara', '/charge', '/admin', '/account'] as const;

const HELP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TOOL_IDS = new Set(TOOL_CATALOGUE.map((t) => t.id));

/** Whether a link target is a known screen (optionally with a query or hash) or `tool:<id>` of the catalogue. */
export function isHelpLinkTarget(to: string): boolean {
  if (to.startsWith('tool:')) return TOOL_IDS.has(to.slice(5));
  const path = /^[^?#]*/.exec(to)![0];
  return (HELP_LINK_ROUTES as readonly string[]).includes(path) || path.startsWith('/charge/');
}

/** Where a link goes in the app: a route as is; a tool opens its mode's screen with `tool=<id>`. */
export function helpLinkHref(to: string): string {
  if (!to.startsWith('tool:')) return to;
  const id = to.slice(5);
  const tool = TOOL_CATALOGUE.find((t) => t.id === id);
  const route = tool ? MODE_ROUTES[tool.mode] : '/';
  return `${route}${route.includes('?') ? '&' : '?'}tool=${encodeURIComponent(id)}`;
}

export const helpFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  category: z.enum(HELP_CATEGORIES),
  keywords: z.array(z.union([z.string(), z.number()]).transform(String)).max(80).default([]),
  links: z
    .array(
      z.strictObject({
        label: z.string().trim().min(1).max(80),
        to: z.string().trim().refine(isHelpLinkTarget, 'Unknown route or tool'),
      }),
    )
    .max(6)
    .default([]),
  /** Only shown to admins (operator topics: environment variables, server settings). */
  audience: z.enum(['everyone', 'admin']).default('everyone'),
});

export interface HelpLink {
  label: string;
  to: string;
}

export interface HelpArticleFile {
  slug: string;
  language: Language;
  title: string;
  category: HelpCategory;
  keywords: string[];
  links: HelpLink[];
  audience: 'everyone' | 'admin';
  body: string;
}

export const HELP_ARTICLE_MAX_CHARS = 20_000;

/** Parses one `<slug>/<lang>.md` file; throws with the file named when it is not valid. */
export function parseHelpArticle(slug: string, language: string, text: string): HelpArticleFile {
  const where = `help/${slug}/${language}.md`;
  if (!HELP_SLUG.test(slug)) throw new Error(`${where}: the folder name must be lower-case words joined by "-"`);
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`${where}: unknown language`);
  if (text.length > HELP_ARTICLE_MAX_CHARS) throw new Error(`${where}: longer than ${HELP_ARTICLE_MAX_CHARS} characters`);
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${where}: missing the front matter between --- lines`);
  let frontMatter: unknown;
  try {
    frontMatter = parseYaml(match[1]!);
  } catch (e) {
    throw new Error(`${where}: the front matter is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  const parsed = helpFrontMatterSchema.safeParse(frontMatter);
  if (!parsed.success) throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const body = match[2]!.trim();
  if (!body) throw new Error(`${where}: the body is empty`);
  return { slug, language: language as Language, ...parsed.data, body };
}
