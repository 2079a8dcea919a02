/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TOOL_CATALOGUE } from '../tools';

/**
 * The help corpus (packages/core/help/<slug>/<lang>.md) is content, not code: this checks its shape so
 * the assistant's index never meets a broken article. Every article exists in the four languages with
 * valid front matter, a known category and links that open a real screen or tool.
 */
const HELP_DIR = fileURLToPath(new URL('../../help', import.meta.url));
const APP_ROUTES_FILE = fileURLToPath(new URL('../../../../apps/web/src/app/App.tsx', import.meta.url));
const LANGS = ['en', 'ja', 'zh', 'ko'] as const;
const CATEGORIES = ['start', 'writing', 'report', 'anime', 'image', 'assistant', 'account', 'billing', 'offline', 'privacy', 'devices', 'troubleshooting'];
/** Raised with each batch that lands; the issue asks for at least 120. */
const MIN_ARTICLES = 123;
/** Screens the articles may link to; each must still be registered in the web app's router. */
const ROUTES = ['/', '/login', '/terms', '/privacy', '/writing', '/writing-helper', '/image', '/anime-chara', '/charge', '/account'];
/** /writing opens one of its screens directly with ?screen= (WritingPage). */
const QUERIES = ['screen=writing', 'screen=report'];
/** Operator configuration never appears in end-user help. */
const OPERATOR_TALK = /[A-Z][A-Z0-9]*_(?:API_KEY|URL|KEY|SECRET|EMAILS|DIR|MODE|BYTES)\b|environment variable|\.env\b/;
/** Share of each script among the letters of a text: catches an article saved under the wrong language. */
function scripts(text: string) {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  const latin = count(/\p{Script=Latin}/gu);
  const han = count(/\p{Script=Han}/gu);
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const all = latin + han + kana + hangul || 1;
  return { latin: latin / all, han: han / all, kana: kana / all, hangul: hangul / all };
}
const WRITTEN_IN: Record<(typeof LANGS)[number], (s: ReturnType<typeof scripts>) => boolean> = {
  en: (s) => s.latin > 0.95,
  ja: (s) => s.kana > 0.15 && s.hangul < 0.05,
  zh: (s) => s.han > 0.4 && s.kana < 0.05 && s.hangul < 0.05,
  ko: (s) => s.hangul > 0.3 && s.kana < 0.05,
};

interface Article {
  slug: string;
  lang: string;
  meta: { title?: unknown; category?: unknown; keywords?: unknown; links?: unknown };
  body: string;
}

function read(slug: string, lang: string): Article {
  const text = readFileSync(join(HELP_DIR, slug, `${lang}.md`), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${slug}/${lang}.md: no front matter`);
  return { slug, lang, meta: (parse(m[1]!) ?? {}) as Article['meta'], body: m[2]!.trim() };
}

const slugs = readdirSync(HELP_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const toolIds = new Set(TOOL_CATALOGUE.map((t) => t.id));

function linkProblem(to: unknown): string | null {
  if (typeof to !== 'string') return 'not a string';
  if (to.startsWith('tool:')) return toolIds.has(to.slice(5)) ? null : `unknown tool ${to}`;
  const [path, query] = to.split('#')[0]!.split('?');
  if (!ROUTES.includes(path!)) return `unknown route ${to}`;
  if (query !== undefined && !QUERIES.includes(query)) return `unknown query ${to}`;
  return null;
}

describe('help corpus', () => {
  it(`has at least ${MIN_ARTICLES} articles with kebab-case slugs, each in en, ja, zh and ko`, () => {
    expect(slugs.length).toBeGreaterThanOrEqual(MIN_ARTICLES);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(readdirSync(join(HELP_DIR, slug)).sort(), slug).toEqual(LANGS.map((l) => `${l}.md`).sort());
    }
  });

  it('routes it links to are still registered in the web app', () => {
    const app = readFileSync(APP_ROUTES_FILE, 'utf8');
    for (const route of ROUTES) expect(app, route).toMatch(new RegExp(`['"]${route.replace(/[/-]/g, '\\$&')}(?:/\\*)?['"]`));
  });

  for (const slug of slugs) {
    it(`${slug}: valid front matter, same category and links in every language`, () => {
      const articles = LANGS.map((lang) => read(slug, lang));
      for (const a of articles) {
        const where = `${slug}/${a.lang}`;
        expect(typeof a.meta.title === 'string' && a.meta.title.trim().length > 0, `${where} title`).toBe(true);
        expect(CATEGORIES, `${where} category`).toContain(a.meta.category);
        expect(Array.isArray(a.meta.keywords) && a.meta.keywords.length >= 3, `${where} keywords`).toBe(true);
        for (const k of a.meta.keywords as unknown[]) expect(typeof k === 'string' && k.trim() !== '', `${where} keyword ${String(k)}`).toBe(true);
        expect(Array.isArray(a.meta.links), `${where} links`).toBe(true);
        for (const link of a.meta.links as Array<{ label?: unknown; to?: unknown }>) {
          expect(typeof link.label === 'string' && link.label.trim() !== '', `${where} link label`).toBe(true);
          expect(linkProblem(link.to), `${where} link ${String(link.to)}`).toBeNull();
        }
        expect(a.body.length, `${where} body`).toBeGreaterThan(80);
        expect(WRITTEN_IN[a.lang as (typeof LANGS)[number]](scripts(`${String(a.meta.title)}\n${a.body}`)), `${where} is not written in ${a.lang}`).toBe(true);
        expect(`${String(a.meta.title)} ${a.body}`, `${where} talks about server configuration`).not.toMatch(OPERATOR_TALK);
      }
      const [en, ...others] = articles;
      for (const a of others) {
        expect(a.meta.category, `${slug}/${a.lang} category`).toBe(en!.meta.category);
        expect((a.meta.links as Array<{ to: unknown }>).map((l) => l.to), `${slug}/${a.lang} links`).toEqual((en!.meta.links as Array<{ to: unknown }>).map((l) => l.to));
      }
    });
  }
});
