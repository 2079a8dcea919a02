import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

/** One local server speaking the real wire formats of PubMed E-utilities, arXiv (Atom), Crossref and IEEE Xplore. */
const seen: string[] = [];
let fake: Server;
let base = '';
let pubmedDown = false;

const ARXIV = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: search_query=all:protein</title>
  <entry>
    <id>http://arxiv.org/abs/2101.01234v2</id>
    <published>2021-01-05T18:00:00Z</published>
    <title>Protein Folding &amp; Transformers</title>
    <summary>We fold proteins.</summary>
    <author><name>Ada Lovelace</name></author>
    <author><name>Alan Turing</name></author>
    <arxiv:doi>10.1000/arxiv.example</arxiv:doi>
    <link href="http://arxiv.org/abs/2101.01234v2" rel="alternate" type="text/html"/>
  </entry>
</feed>`;

beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push(req.url!);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/eutils/esearch.fcgi') {
      if (pubmedDown) {
        res.statusCode = 503;
        return res.end('Service Unavailable');
      }
      return json({ header: { type: 'esearch' }, esearchresult: { count: '1', retmax: '1', idlist: ['31942072'] } });
    }
    if (url.pathname === '/eutils/esummary.fcgi') {
      return json({
        header: { type: 'esummary' },
        result: {
          uids: ['31942072'],
          '31942072': {
            uid: '31942072',
            pubdate: '2020 Jan',
            source: 'Nature',
            fulljournalname: 'Nature',
            title: 'Improved protein structure prediction using potentials from deep learning.',
            authors: [{ name: 'Senior AW', authtype: 'Author' }, { name: 'Evans R', authtype: 'Author' }],
            volume: '577',
            issue: '7792',
            pages: '706-710',
            articleids: [{ idtype: 'pubmed', value: '31942072' }, { idtype: 'doi', value: '10.1038/s41586-019-1923-7' }],
          },
        },
      });
    }
    if (url.pathname === '/arxiv/query') {
      res.setHeader('content-type', 'application/atom+xml');
      return res.end(ARXIV);
    }
    if (url.pathname === '/crossref/works') {
      const filter = url.searchParams.get('filter') ?? '';
      const prefix = /prefix:([\d.]+)/.exec(filter)?.[1];
      const doi = prefix === '10.1126' ? '10.1126/science.abj8754' : '10.1038/s41586-021-03819-2';
      return json({
        status: 'ok',
        'message-type': 'work-list',
        message: {
          'total-results': 1,
          items: [
            {
              DOI: doi,
              title: [prefix === '10.1126' ? 'Accurate prediction of protein structures' : 'Highly accurate protein structure prediction with AlphaFold'],
              author: [{ given: 'John', family: 'Jumper' }],
              issued: { 'date-parts': [[2021, 7, 15]] },
              'container-title': [prefix === '10.1126' ? 'Science' : 'Nature'],
              volume: '596',
              page: '583-589',
              publisher: 'Springer Science and Business Media LLC',
              URL: `https://doi.org/${doi}`,
            },
          ],
        },
      });
    }
    if (url.pathname === '/ieee/search/articles') {
      if (url.searchParams.get('apikey') !== 'ieee-key') {
        res.statusCode = 403;
        return res.end('<h1>Developer Inactive</h1>');
      }
      return json({
        total_records: 1,
        articles: [
          { article_number: '9000001', title: 'Neural Networks for Folding', authors: { authors: [{ full_name: 'Grace Hopper' }] }, publication_year: 2022, publication_title: 'IEEE Trans. Comput. Biol.', doi: '10.1109/TCBB.2022.1', start_page: '1', end_page: '9', html_url: 'https://ieeexplore.ieee.org/document/9000001/' },
        ],
      });
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

async function appWith(overrides: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    PUBMED_BASE_URL: `${base}/eutils`,
    ARXIV_BASE_URL: `${base}/arxiv`,
    CROSSREF_BASE_URL: `${base}/crossref`,
    IEEE_BASE_URL: `${base}/ieee`,
    LITERATURE_TIMEOUT_MS: '3000',
    ...overrides,
  });
}

describe('scientific search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });
  afterAll(() => t.close());

  it('searches PubMed, arXiv, Nature and Science and answers CSL-ready results', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({ url: '/api/literature/search?q=protein%20folding&databases=pubmed,arxiv,nature,science', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sources.map((s: { status: string }) => s.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const pubmed = body.results.find((r: { database: string }) => r.database === 'pubmed');
    expect(pubmed).toMatchObject({ title: 'Improved protein structure prediction using potentials from deep learning', year: 2020, venue: 'Nature', doi: '10.1038/s41586-019-1923-7' });
    expect(pubmed.authors).toEqual(['A. W. Senior', 'R. Evans']);
    expect(pubmed.csl).toMatchObject({ type: 'article-journal', volume: '577', page: '706-710' });
    const arxiv = body.results.find((r: { database: string }) => r.database === 'arxiv');
    expect(arxiv).toMatchObject({ title: 'Protein Folding & Transformers', authors: ['Ada Lovelace', 'Alan Turing'], year: 2021 });
    expect(body.results.find((r: { database: string }) => r.database === 'nature').venue).toBe('Nature');
    expect(body.results.find((r: { database: string }) => r.database === 'science').doi).toBe('10.1126/science.abj8754');
    // Nature and Science are Crossref searches filtered by publisher DOI prefix.
    expect(seen.some((u) => u.includes('prefix%3A10.1038'))).toBe(true);
    expect(seen.some((u) => u.includes('prefix%3A10.1126'))).toBe(true);
  });

  it('without an IEEE key, IEEE is an external link; a failing database does not fail the search', async () => {
    const u = await signUp(t.app);
    pubmedDown = true;
    try {
      const body = (await t.app.inject({ url: '/api/literature/search?q=folding&databases=pubmed,ieee,arxiv', headers: u.auth })).json();
      const status = Object.fromEntries(body.sources.map((s: { database: string }) => [s.database, s]));
      expect(status.ieee).toMatchObject({ status: 'not_configured', externalUrl: 'https://ieeexplore.ieee.org/search/searchresult.jsp?queryText=folding' });
      expect(status.pubmed.status).toBe('unavailable');
      expect(status.pubmed.message).toContain('503');
      expect(status.pubmed.externalUrl).toBe('https://pubmed.ncbi.nlm.nih.gov/?term=folding');
      expect(status.arxiv.status).toBe('ok');
      expect(body.results).toHaveLength(1);
    } finally {
      pubmedDown = false;
    }
  });

  it('rejects bad input', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/literature/search?q=x' })).statusCode).toBe(401);
    for (const q of ['', 'q=', 'q=x&databases=scholar', 'q=x&databases=', `q=${'a'.repeat(400)}`, 'q=x&limit=500']) {
      const res = await t.app.inject({ url: `/api/literature/search?${q}`, headers: u.auth });
      expect(res.statusCode, q).toBe(422);
      errorBody(res);
    }
  });
});

describe('scientific search with an IEEE key and unreachable servers', () => {
  it('queries IEEE Xplore with the key', async () => {
    const t = await appWith({ IEEE_API_KEY: 'ieee-key' });
    try {
      const u = await signUp(t.app);
      const body = (await t.app.inject({ url: '/api/literature/search?q=folding&databases=ieee', headers: u.auth })).json();
      expect(body.sources[0].status).toBe('ok');
      expect(body.results[0]).toMatchObject({ title: 'Neural Networks for Folding', authors: ['Grace Hopper'], year: 2022, doi: '10.1109/TCBB.2022.1' });
      expect(body.results[0].csl.page).toBe('1-9');
    } finally {
      await t.close();
    }
  });

  it('offline: every database answers unavailable with its external search link', async () => {
    const t = await createTestApp({ PUBMED_BASE_URL: 'http://127.0.0.1:9/x', ARXIV_BASE_URL: 'http://127.0.0.1:9/x', CROSSREF_BASE_URL: 'http://127.0.0.1:9/x', LITERATURE_TIMEOUT_MS: '1000' });
    try {
      const u = await signUp(t.app);
      const body = (await t.app.inject({ url: '/api/literature/search?q=cells&databases=pubmed,arxiv,nature,science', headers: u.auth })).json();
      expect(body.results).toEqual([]);
      expect(body.sources.every((s: { status: string; externalUrl: string }) => s.status === 'unavailable' && s.externalUrl.startsWith('https://'))).toBe(true);
      expect(body.library).toEqual({ references: [], documents: [] });
      // The user's own library answers without internet: references saved in reports, and documents.
      const report = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'Thesis', content: 'Intro.', kind: 'report' } })).json();
      const ref = { id: 'senior2020', type: 'article-journal', title: 'Improved protein structure prediction using potentials from deep learning', author: [{ family: 'Senior', given: 'Andrew' }], issued: { 'date-parts': [[2020]] }, DOI: '10.1038/s41586-019-1923-7' };
      const saved = await t.app.inject({ method: 'PUT', url: `/api/report/meta/${report.id}`, headers: u.auth, payload: { references: [ref, { id: 'other', title: 'Bird songs' }], style: 'apa', figures: [] } });
      expect(saved.statusCode).toBe(200);
      // A second report with the same reference: listed once.
      const second = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'Draft 2', kind: 'report' } })).json();
      await t.app.inject({ method: 'PUT', url: `/api/report/meta/${second.id}`, headers: u.auth, payload: { references: [ref], style: 'apa', figures: [] } });
      await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: '実験ノート', content: `${'前置き。'.repeat(60)}タンパク質の折りたたみを深層学習で予測した。` } });
      const mine = (await t.app.inject({ url: `/api/literature/search?q=${encodeURIComponent('senior 2020 protein')}&databases=pubmed`, headers: u.auth })).json();
      expect(mine.library.references).toHaveLength(1);
      expect(mine.library.references[0]).toMatchObject({ csl: { id: 'senior2020', DOI: '10.1038/s41586-019-1923-7' } });
      expect(mine.library.references[0].reportTitle).toMatch(/Thesis|Draft 2/);
      const cjk = (await t.app.inject({ url: `/api/literature/search?q=${encodeURIComponent('折りたたみ')}&databases=pubmed`, headers: u.auth })).json();
      expect(cjk.library.documents).toHaveLength(1);
      expect(cjk.library.documents[0]).toMatchObject({ title: '実験ノート', kind: 'writing' });
      expect(cjk.library.documents[0].snippet).toContain('タンパク質の折りたたみ');
      // Another user's library is never searched; % and _ are literal.
      const other = await signUp(t.app);
      expect((await t.app.inject({ url: '/api/literature/search?q=senior&databases=pubmed', headers: other.auth })).json().library.references).toEqual([]);
      expect((await t.app.inject({ url: '/api/literature/search?q=%25&databases=pubmed', headers: u.auth })).json().library.references).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
