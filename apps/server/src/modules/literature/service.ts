import {
  externalSearchUrl,
  type LiteratureDatabase,
  type LiteratureResult,
  type LiteratureSearchResponse,
  type LiteratureSourceStatus,
} from '@yumi/core';
import type { AppContext } from '../../context';
import * as a from './adapters';
import { searchLibrary } from './library';

async function searchOne(ctx: AppContext, db: LiteratureDatabase, q: string, limit: number): Promise<LiteratureResult[] | 'not_configured'> {
  const c = ctx.config;
  const timeout = c.LITERATURE_TIMEOUT_MS;
  switch (db) {
    case 'pubmed': {
      const ids = a.parsePubmedSearch(await a.fetchText(a.pubmedSearchUrl(c.PUBMED_BASE_URL, q, limit), timeout));
      if (!ids.length) return [];
      return a.parsePubmedSummary(await a.fetchText(a.pubmedSummaryUrl(c.PUBMED_BASE_URL, ids), timeout));
    }
    case 'arxiv':
      return a.parseArxiv(await a.fetchText(a.arxivUrl(c.ARXIV_BASE_URL, q, limit), timeout));
    case 'nature':
    case 'science':
      return a.parseCrossref(await a.fetchText(a.crossrefUrl(c.CROSSREF_BASE_URL, q, a.CROSSREF_PREFIX[db]!, limit, c.CROSSREF_MAILTO), timeout), db);
    case 'ieee':
      if (!c.IEEE_API_KEY) return 'not_configured';
      return a.parseIeee(await a.fetchText(a.ieeeUrl(c.IEEE_BASE_URL, q, limit, c.IEEE_API_KEY), timeout));
  }
}

/**
 * Searches the chosen databases in parallel. A database that fails or is not configured does not fail
 * the search: its status says why and carries the external search link instead.
 */
export async function search(ctx: AppContext, userId: string, input: { q: string; databases: LiteratureDatabase[]; limit: number }): Promise<LiteratureSearchResponse> {
  const databases = [...new Set(input.databases)];
  // The user's own references and documents first: they answer without internet.
  const library = searchLibrary(ctx.db, userId, input.q);
  const outcomes = await Promise.all(
    databases.map(async (db): Promise<{ status: LiteratureSourceStatus; results: LiteratureResult[] }> => {
      const externalUrl = externalSearchUrl(db, input.q);
      try {
        const found = await searchOne(ctx, db, input.q, input.limit);
        if (found === 'not_configured') {
          return { status: { database: db, status: 'not_configured', message: 'No IEEE API key is configured on this server.', count: 0, externalUrl }, results: [] };
        }
        return { status: { database: db, status: 'ok', count: found.length, externalUrl }, results: found };
      } catch (err) {
        ctx.log.warn({ db, err: (err as Error).message }, 'literature search failed');
        return { status: { database: db, status: 'unavailable', message: (err as Error).message.slice(0, 200), count: 0, externalUrl }, results: [] };
      }
    }),
  );
  // Interleave so every database's best hits come first; drop duplicates by DOI.
  const seen = new Set<string>();
  const results: LiteratureResult[] = [];
  const lists = outcomes.map((o) => o.results);
  for (let i = 0; lists.some((l) => i < l.length); i += 1) {
    for (const list of lists) {
      const r = list[i];
      if (!r) continue;
      const key = r.doi ? r.doi.toLowerCase() : `${r.database}:${r.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      results.push(r);
    }
  }
  return { query: input.q, results, sources: outcomes.map((o) => o.status), library: await library };
}
