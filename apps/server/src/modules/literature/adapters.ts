import { normaliseDoi, type CslItem, type LiteratureDatabase, type LiteratureResult } from '@yumi/core';

/** Fetches JSON or text with a timeout; any failure becomes an Error with a short reason. */
export async function fetchText(url: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  signal?.addEventListener('abort', () => controller.abort());
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { 'user-agent': 'YumiStudio/1.0 (report helper)' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  } catch (err) {
    if (controller.signal.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
    throw new Error((err as Error).cause ? String(((err as Error).cause as Error).message ?? err) : (err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

const splitName = (full: string): { family: string; given?: string } => {
  const parts = full.trim().split(/\s+/);
  if (parts.length === 1) return { family: parts[0]! };
  return { family: parts.at(-1)!, given: parts.slice(0, -1).join(' ') };
};

function result(database: LiteratureDatabase, id: string, csl: CslItem, url: string): LiteratureResult {
  const year = Number(csl.issued?.['date-parts']?.[0]?.[0]);
  return {
    database,
    id,
    title: csl.title ?? '',
    authors: (csl.author ?? []).map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' ')),
    year: Number.isFinite(year) && year > 0 ? year : null,
    venue: csl['container-title'] ?? '',
    doi: csl.DOI ?? null,
    url,
    csl,
  };
}

// ---- PubMed E-utilities: esearch (ids) then esummary (records), both JSON ----

export function pubmedSearchUrl(base: string, q: string, limit: number): string {
  return `${base}/esearch.fcgi?db=pubmed&retmode=json&retmax=${limit}&sort=relevance&term=${encodeURIComponent(q)}`;
}
export function pubmedSummaryUrl(base: string, ids: string[]): string {
  return `${base}/esummary.fcgi?db=pubmed&retmode=json&id=${ids.join(',')}`;
}
export function parsePubmedSearch(json: string): string[] {
  const data = JSON.parse(json) as { esearchresult?: { idlist?: string[] } };
  return (data.esearchresult?.idlist ?? []).filter((id) => /^\d+$/.test(id));
}
export function parsePubmedSummary(json: string): LiteratureResult[] {
  const data = JSON.parse(json) as { result?: Record<string, unknown> & { uids?: string[] } };
  const r = data.result ?? {};
  return (r.uids ?? []).flatMap((uid) => {
    const doc = r[uid] as
      | { title?: string; authors?: Array<{ name?: string; authtype?: string }>; pubdate?: string; fulljournalname?: string; source?: string; volume?: string; issue?: string; pages?: string; articleids?: Array<{ idtype?: string; value?: string }> }
      | undefined;
    if (!doc?.title) return [];
    const doi = doc.articleids?.find((a) => a.idtype === 'doi')?.value;
    const year = Number(/\d{4}/.exec(doc.pubdate ?? '')?.[0]);
    const csl: CslItem = {
      id: `pmid${uid}`,
      type: 'article-journal',
      title: doc.title.replace(/\.$/, ''),
      author: (doc.authors ?? []).filter((a) => (a.authtype ?? 'Author') === 'Author' && a.name).map((a) => {
        // PubMed names are "Family Initials".
        const m = /^(.*\S)\s+([A-Z]{1,4})$/.exec(a.name!);
        return m ? { family: m[1]!, given: m[2]!.split('').join('. ') + '.' } : { literal: a.name! };
      }),
      ...(year ? { issued: { 'date-parts': [[year]] } } : {}),
      'container-title': doc.fulljournalname || doc.source || undefined,
      ...(doc.volume ? { volume: doc.volume } : {}),
      ...(doc.issue ? { issue: doc.issue } : {}),
      ...(doc.pages ? { page: doc.pages } : {}),
      ...(doi ? { DOI: doi } : {}),
      URL: `https://pubmed.ncbi.nlm.nih.gov/${uid}/`,
    };
    return [result('pubmed', uid, csl, csl.URL!)];
  });
}

// ---- arXiv API: Atom XML ----

export function arxivUrl(base: string, q: string, limit: number): string {
  return `${base}/query?search_query=${encodeURIComponent(`all:${q}`)}&start=0&max_results=${limit}`;
}

const xmlText = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? xmlText(m[1]!) : '';
};

export function parseArxiv(xml: string): LiteratureResult[] {
  if (!/<feed[\s>]/.test(xml)) throw new Error('not an Atom feed');
  return [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].flatMap((m) => {
    const entry = m[1]!;
    const idUrl = tag(entry, 'id');
    const title = tag(entry, 'title');
    if (!idUrl || !title || /^Error$/i.test(title)) return [];
    const arxivId = idUrl.replace(/^https?:\/\/arxiv\.org\/abs\//, '');
    const year = Number(tag(entry, 'published').slice(0, 4));
    const doi = tag(entry, 'arxiv:doi');
    const journal = tag(entry, 'arxiv:journal_ref');
    const csl: CslItem = {
      id: `arxiv${arxivId.replace(/[^\w]/g, '')}`,
      type: journal ? 'article-journal' : 'article',
      title,
      author: [...entry.matchAll(/<author>[\s\S]*?<name>([\s\S]*?)<\/name>[\s\S]*?<\/author>/g)].map((a) => splitName(xmlText(a[1]!))),
      ...(year ? { issued: { 'date-parts': [[year]] } } : {}),
      'container-title': journal || `arXiv:${arxivId}`,
      ...(doi ? { DOI: doi } : {}),
      URL: idUrl,
    };
    return [result('arxiv', arxivId, csl, idUrl)];
  });
}

// ---- Crossref REST API (Nature and Science through DOI prefix filters) ----

/** DOI prefixes: Nature Portfolio (Springer Nature) 10.1038; Science family (AAAS) 10.1126. */
export const CROSSREF_PREFIX: Partial<Record<LiteratureDatabase, string>> = { nature: '10.1038', science: '10.1126' };

export function crossrefUrl(base: string, q: string, prefix: string, limit: number, mailto?: string): string {
  const params = new URLSearchParams({
    query: q,
    filter: `prefix:${prefix},type:journal-article`,
    rows: String(limit),
    select: 'DOI,title,author,issued,container-title,volume,issue,page,publisher,URL,type',
  });
  if (mailto) params.set('mailto', mailto);
  return `${base}/works?${params.toString()}`;
}

export function parseCrossref(json: string, database: LiteratureDatabase): LiteratureResult[] {
  const data = JSON.parse(json) as {
    status?: string;
    message?: { items?: Array<{ DOI?: string; title?: string[]; author?: Array<{ given?: string; family?: string; name?: string }>; issued?: { 'date-parts'?: number[][] }; 'container-title'?: string[]; volume?: string; issue?: string; page?: string; publisher?: string; URL?: string }> };
  };
  if (data.status !== 'ok') throw new Error('unexpected Crossref answer');
  return (data.message?.items ?? []).flatMap((item) => {
    const title = item.title?.[0];
    if (!title || !item.DOI) return [];
    const doi = normaliseDoi(item.DOI);
    const year = item.issued?.['date-parts']?.[0]?.[0];
    const csl: CslItem = {
      id: `doi${doi.replace(/[^\w]/g, '')}`,
      type: 'article-journal',
      title: title.replace(/<[^>]+>/g, ''),
      author: (item.author ?? []).map((a) => (a.family ? { family: a.family, ...(a.given ? { given: a.given } : {}) } : { literal: a.name ?? '' })),
      ...(year ? { issued: { 'date-parts': [[year]] } } : {}),
      'container-title': item['container-title']?.[0],
      ...(item.volume ? { volume: item.volume } : {}),
      ...(item.issue ? { issue: item.issue } : {}),
      ...(item.page ? { page: item.page } : {}),
      ...(item.publisher ? { publisher: item.publisher } : {}),
      DOI: doi,
      URL: item.URL ?? `https://doi.org/${doi}`,
    };
    return [result(database, doi, csl, `https://doi.org/${doi}`)];
  });
}

// ---- IEEE Xplore API (needs a key) ----

export function ieeeUrl(base: string, q: string, limit: number, key: string): string {
  return `${base}/search/articles?querytext=${encodeURIComponent(q)}&max_records=${limit}&format=json&apikey=${encodeURIComponent(key)}`;
}

export function parseIeee(json: string): LiteratureResult[] {
  const data = JSON.parse(json) as {
    articles?: Array<{ article_number?: string | number; title?: string; authors?: { authors?: Array<{ full_name?: string }> }; publication_year?: string | number; publication_title?: string; doi?: string; volume?: string; issue?: string; start_page?: string; end_page?: string; html_url?: string; publisher?: string }>;
  };
  if (!Array.isArray(data.articles) && !('total_records' in (data as object))) throw new Error('unexpected IEEE answer');
  return (data.articles ?? []).flatMap((a) => {
    if (!a.title) return [];
    const id = String(a.article_number ?? a.doi ?? a.title);
    const year = Number(a.publication_year);
    const csl: CslItem = {
      id: `ieee${id.replace(/[^\w]/g, '')}`,
      type: 'article-journal',
      title: a.title,
      author: (a.authors?.authors ?? []).filter((x) => x.full_name).map((x) => splitName(x.full_name!)),
      ...(year ? { issued: { 'date-parts': [[year]] } } : {}),
      'container-title': a.publication_title,
      ...(a.volume ? { volume: a.volume } : {}),
      ...(a.issue ? { issue: a.issue } : {}),
      ...(a.start_page ? { page: a.end_page ? `${a.start_page}-${a.end_page}` : a.start_page } : {}),
      ...(a.doi ? { DOI: a.doi } : {}),
      ...(a.publisher ? { publisher: a.publisher } : {}),
      URL: a.html_url ?? (a.doi ? `https://doi.org/${a.doi}` : `https://ieeexplore.ieee.org/document/${id}`),
    };
    return [result('ieee', id, csl, csl.URL!)];
  });
}
