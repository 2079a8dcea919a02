import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { shot, signUpViaApi } from './support';

const REPORT = `# Protein Folding with Deep Networks

## Abstract
We study how deep networks predict protein structures [@smith2020].

## Introduction
Energy is $E = mc^2$ and the integral converges.

يتنبأ النموذج ببنية البروتين باستخدام AlphaFold بدقة 93 بالمئة.

$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$

A broken formula $\\frac{1}{$ is shown as an error.

## Methods
The mitochondrial electron transport chain couples the oxidation of reducing equivalents to the pumping of protons across the inner membrane.

| Model | RMSD (Å) |
|:------|---------:|
| Ours [@smith2020] | ~~1.9~~ 1.2 |
`;

const BIBTEX = `@article{smith2020,
  author = {Smith, Anna and Jones, Bob},
  title = {Deep learning for protein folding},
  journal = {Nature},
  year = {2020},
  volume = {577},
  pages = {706--710},
  doi = {10.1038/s41586-019-1923-7}
}`;

/** One record of a Zotero RIS export. */
const RIS = `TY  - JOUR
AU  - Okafor, Ada
AU  - Lindqvist, Maja
TI  - Seagrass carbon stocks along temperate coasts
T2  - Marine Policy
PY  - 2021
VL  - 12
SP  - 1
EP  - 20
DO  - 10.1016/j.marpol.2021.104512
ER  - 
`;

async function openReport(page: Page) {
  page.on('pageerror', (err) => console.log('pageerror', err.message));
  await page.goto('/writing?screen=report');
  // The Report Helper is a large lazy chunk (citation styles, Chart.js, CodeMirror; the math engine loads with the first formula).
  await expect(page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  const editor = page.getByPlaceholder('Start writing your scientific report...');
  await expect(editor).toBeEnabled();
  return editor;
}

/** A one-page PDF whose text layer holds `text` (Helvetica, one line): what pdf.js reads from a real paper. */
function tinyPdf(text: string): Buffer {
  const content = `BT /F1 9 Tf 20 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function openTool(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  return page.locator('section.tool-panel');
}

test('write a report with live math, cite it in a chosen style, chart it and export a PDF', async ({ page }) => {
  await signUpViaApi(page, 'rep');
  const editor = await openReport(page);
  await expect(page.getByRole('heading', { name: 'Report Helper' })).toBeVisible();
  await editor.fill(REPORT);
  const preview = page.getByTestId('report-preview');
  await expect(preview.locator('.tex-math svg').first()).toBeVisible();
  await expect(preview.locator('.rp-math-error')).toContainText('$\\frac{1}{$');
  await expect(preview.getByRole('heading', { name: '1 Introduction' })).toBeVisible();
  // An Arabic paragraph runs right to left in the preview (dir="auto"), as in the PDF; English stays left to right.
  await expect(preview.getByText('يتنبأ النموذج')).toHaveCSS('direction', 'rtl');
  await expect(preview.getByText('and the integral converges')).toHaveCSS('direction', 'ltr');

  // Citation Manager: a broken BibTeX paste is refused with a clear message, a good one is added.
  const citations = await openTool(page, 'Citation Manager');
  await citations.getByLabel('Paste BibTeX, RIS or CSL-JSON').fill('@article{x, title = {Broken');
  await citations.getByRole('button', { name: 'Add references' }).click();
  await expect(citations.getByRole('alert')).toContainText('BibTeX could not be read: the entry opened on line 1 is never closed.');
  await citations.getByLabel('Paste BibTeX, RIS or CSL-JSON').fill(BIBTEX);
  await citations.getByRole('button', { name: 'Add references' }).click();
  await expect(citations.getByTestId('reference-list')).toContainText('smith2020');
  await expect(preview).toContainText('(Smith & Jones, 2020)');
  await expect(preview.locator('.rp-bibliography')).toContainText('Smith, A., & Jones, B. (2020). Deep learning for protein folding.');
  // citeproc-js (in a worker) keeps the style's italics and links the DOI.
  await expect(preview.locator('.rp-bibliography i').first()).toHaveText('Nature');
  await expect(preview.locator('.rp-bibliography a').first()).toHaveAttribute('href', /^https:\/\/doi\.org\/10\./);
  // GitHub tables (remark-gfm) with a citation and struck-out text in a cell.
  const table = preview.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'RMSD (Å)' })).toHaveCSS('text-align', 'right');
  await expect(table.getByRole('cell', { name: 'Ours (Smith & Jones, 2020)' })).toBeVisible();
  await expect(table.locator('del')).toHaveText('1.9');
  await citations.getByRole('radio', { name: 'IEEE' }).click();
  await expect(preview).toContainText('[1]');
  // Chicago notes: each citation a raised note number, the notes before the references.
  await citations.getByRole('radio', { name: 'Chicago (notes)' }).click();
  await expect(preview.locator('.rp-notes li').first()).toContainText('Anna Smith and Bob Jones, “Deep Learning for Protein Folding,”');
  await expect(preview.locator('sup.rp-noteref').first()).toHaveText('1');
  await citations.getByRole('radio', { name: 'APA' }).click();
  await shot(page, 'report-citations');

  // Chart Generator: sample data, the limit on labels, insert as Figure 1.
  const chart = await openTool(page, 'Chart Generator');
  await expect(chart.getByText('Enter data and labels to see the preview.')).toBeVisible();
  await chart.getByLabel('Labels (comma-separated)').fill(Array.from({ length: 10_000 }, (_, i) => `L${i}`).join(','));
  await chart.getByLabel('Data (comma-separated numbers)').fill('1,2,3');
  await expect(chart.getByRole('alert')).toContainText('10000 points is too many');
  await chart.getByRole('button', { name: 'Sample data' }).click();
  await expect(chart.getByLabel('Title')).toHaveValue('Sample Chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const pngDownload = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export PNG' }).click();
  expect((await pngDownload).suggestedFilename()).toMatch(/^chart-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.png$/);
  await editor.click();
  await editor.press('Control+End');
  await chart.getByRole('button', { name: 'Insert as figure' }).click();
  await expect(preview.locator('figure img')).toBeVisible();
  await expect(preview.locator('figcaption')).toContainText('Figure 1. Sample Chart');
  await shot(page, 'report-chart');

  // PDF Export.
  const pdf = await openTool(page, 'PDF Export');
  await pdf.getByLabel('Academic Format').check();
  const download = page.waitForEvent('download');
  await pdf.getByRole('button', { name: 'Export as PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // LaTeX Editor: templates wrap the report.
  const latex = await openTool(page, 'LaTeX Editor');
  await latex.getByRole('radio', { name: 'Paper' }).click();
  await expect(latex.getByTestId('latex-editor')).toContainText('\\documentclass[10pt,a4paper,twocolumn]{article}');
  // The style's own citations and reference list (as in the preview), the author filled in.
  await expect(latex.getByTestId('latex-editor')).toContainText('(Smith \\& Jones, 2020)');
  await expect(latex.getByTestId('latex-editor')).toContainText('\\emph{Nature}');
  await expect(latex.getByTestId('latex-editor')).toContainText('\\author{rep');
  const zip = page.waitForEvent('download');
  await latex.getByRole('button', { name: 'Download .zip project' }).click();
  expect((await zip).suggestedFilename()).toBe('report-paper.zip');
  const files = unzipSync(new Uint8Array(readFileSync((await (await zip).path())!)));
  expect(Object.keys(files).sort()).toEqual(['README.md', 'figures/fig-1.png', 'main.tex', 'references.bib']);
  expect(strFromU8(files['README.md']!)).toContain('latexmk -xelatex main.tex');
  expect(strFromU8(files['main.tex']!)).toContain('\\usepackage{fontspec}');
  await shot(page, 'report-latex');

  // The generated source says so and is read-only; "Edit as LaTeX" makes a copy saved with the report.
  await expect(latex.getByTestId('latex-mode')).toContainText('Generated from your report');
  await expect(latex.getByRole('textbox', { name: 'main.tex' })).toHaveAttribute('contenteditable', 'false');
  await latex.getByRole('button', { name: 'Edit as LaTeX' }).click();
  await expect(latex.getByTestId('latex-mode')).toContainText('Hand-edited LaTeX, saved with this report');
  const source = latex.getByRole('textbox', { name: 'main.tex' });
  await expect(source).toHaveAttribute('contenteditable', 'true');
  const saved = page.waitForResponse((res) => res.url().includes('/api/report/meta/') && res.request().method() === 'PUT' && (res.request().postData() ?? '').includes('% checked by hand'));
  await source.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('% checked by hand\n');
  expect((await saved).ok()).toBe(true);
  // Writing in the report no longer changes the copy.
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' Zebra.');
  await expect(preview).toContainText('Zebra.');
  await expect(latex.getByTestId('latex-editor')).not.toContainText('Zebra.');

  // After a reload the edited copy is still there, in its template, and it is what the .zip holds.
  await page.reload();
  await expect(page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  const again = await openTool(page, 'LaTeX Editor');
  await expect(again.getByTestId('latex-editor')).toContainText('% checked by hand');
  await expect(again.getByRole('radio', { name: 'Paper' })).toHaveAttribute('aria-checked', 'true');
  await expect(again.getByRole('radio', { name: 'Thesis' })).toBeDisabled();
  const editedZip = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Download .zip project' }).click();
  const edited = unzipSync(new Uint8Array(readFileSync((await (await editedZip).path())!)));
  expect(strFromU8(edited['main.tex']!).startsWith('% checked by hand\n')).toBe(true);
  // Back to the generated source (after a confirmation): it follows the report again.
  page.once('dialog', (d) => void d.accept());
  await again.getByRole('button', { name: 'Back to generated source' }).click();
  await expect(again.getByTestId('latex-editor')).not.toContainText('% checked by hand');
  await expect(again.getByTestId('latex-editor')).toContainText('Zebra.');
});

test('plagiarism check flags a passage copied from another document and the citation check finds problems', async ({ page }) => {
  const account = await signUpViaApi(page, 'plag');
  const shared = 'The mitochondrial electron transport chain couples the oxidation of reducing equivalents to the pumping of protons across the inner membrane.';
  const res = await page.request.post('/api/documents', { headers: { authorization: `Bearer ${account.token}` }, data: { title: 'Biology notes', content: `Notes from the lecture. ${shared} More notes.` } });
  expect(res.status()).toBe(201);
  const editor = await openReport(page);
  // A paper uploaded as PDF: its text layer (pdf.js) joins the corpus.
  const paper = 'Seagrass meadows store carbon in their sediments for millennia and shelter juvenile fish from predators along temperate coasts';
  const upload = await openTool(page, 'Upload Files');
  await upload.getByLabel('Choose files').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: tinyPdf(paper) });
  await expect(upload.getByTestId('uploaded-files')).toContainText('Added to your plagiarism corpus.');
  // The PDF's sentence quoted with a citation: left out of the score and listed with its source.
  await editor.fill(`# Energy\n\n## Methods\nWe measured things [@ghost2021]. ${shared}\n\nAs the survey says, “${paper}” (Okafor, 2021).`);
  const tool = await openTool(page, 'Plagiarism Check');
  await tool.getByRole('button', { name: 'Check similarity' }).click();
  const result = tool.getByTestId('plagiarism-result');
  await expect(result).toContainText('Flagged');
  // Stop words ("The") are not compared, so the match starts at the first content word.
  await expect(result.locator('mark')).toContainText('mitochondrial electron transport chain');
  await expect(result.getByTestId('plagiarism-sources')).toContainText('Biology notes');
  // Each match opens beside the source's words.
  const matches = result.getByTestId('plagiarism-matches');
  await matches.locator('summary').first().click();
  await expect(matches).toContainText('word for word');
  await expect(matches.locator('details[open] blockquote').nth(1)).toContainText('pumping of protons across the inner membrane');
  await expect(result.getByTestId('plagiarism-excluded')).toContainText('Quotation with citation (Okafor, 2021)');
  await expect(result.getByTestId('plagiarism-excluded')).toContainText('matches paper.pdf');
  await tool.getByRole('button', { name: 'Citation Check' }).click();
  await expect(tool.getByTestId('citation-check')).toContainText('@ghost2021');
  const report = page.waitForEvent('download');
  await tool.getByRole('button', { name: 'Detailed Report' }).click();
  expect(readFileSync(await (await report).path(), 'utf8')).toContain('Biology notes');
  await shot(page, 'report-plagiarism');
});

test('search offline shows external links; versions need a model; the phone layout works', async ({ page }) => {
  const account = await signUpViaApi(page, 'srch');
  await page.request.post('/api/documents', { headers: { authorization: `Bearer ${account.token}` }, data: { title: 'Folding notes', content: 'Lecture notes on protein folding with deep networks.' } });
  const editor = await openReport(page);
  await editor.fill('# A short report\n\nSome text.');
  const search = await openTool(page, 'Scientific Search');
  await search.getByLabel('Search query').fill('protein folding');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  // No internet here: every database says so and links to its own search page.
  await expect(search.locator('.rt-status a').first()).toHaveAttribute('href', /^https:\/\//, { timeout: 30_000 });
  // The user's own documents answer all the same.
  await expect(search.getByTestId('library-results')).toContainText('Folding notes');
  await expect(search.getByTestId('library-results')).toContainText('protein folding with deep networks');
  const versions = await openTool(page, 'Generate Versions');
  await versions.getByRole('button', { name: 'Generate Academic Versions' }).click();
  // With no model configured: the same words as Writing, and the way to the Models tab.
  await expect(versions.getByRole('alert')).toContainText('This needs a language model. Connect one in the Models tab.');
  await expect(versions.getByRole('button', { name: 'Open the Models tab' })).toBeVisible();
  await editor.fill('   ');
  await expect(versions.getByRole('button', { name: 'Generate Academic Versions' })).toBeDisabled();
  await shot(page, 'report-desktop');
  await editor.fill('# Phone report\n\n## Intro\nInline $a^2+b^2=c^2$ math and a citation [@x].');
  // On a phone the tool bar starts collapsed so the editor and the preview are visible.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('report-preview')).toContainText('Phone report', { timeout: 30_000 });
  await shot(page, 'report-phone');
  await page.getByRole('button', { name: 'Chart Generator' }).click();
  await page.locator('section.tool-panel').getByRole('button', { name: 'Sample data' }).click();
  await shot(page, 'report-phone-chart');
});

test('nature links, equation builder, uploads (CSV with a million mixed rows) into a chart, customisation', async ({ page }) => {
  await signUpViaApi(page, 'tools');
  const editor = await openReport(page);
  await editor.fill('# Tools\n\n## Data\n');

  const db = await openTool(page, 'Nature/Physics DB');
  const links = db.getByRole('link');
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) await expect(link).toHaveAttribute('target', '_blank');

  const eq = await openTool(page, 'Equation Builder');
  await eq.getByRole('button', { name: 'Fraction' }).click();
  await eq.getByRole('button', { name: 'Insert into document' }).click();
  await expect(editor).toHaveValue(/\$\\frac\{a\}\{b\}\$/);
  await expect(page.getByTestId('report-preview').getByRole('img', { name: '\\frac{a}{b}' }).locator('svg')).toBeVisible();

  // A CSV of 1,000,000 rows with mixed types: only the first 10,000 are read, and the tab stays responsive.
  const rows = ['month,value,note'];
  for (let i = 0; i < 1_000_000; i += 1) rows.push(`m${i},${i % 7 === 3 ? 'n/a' : i % 100},x`);
  const upload = await openTool(page, 'Upload Files');
  const started = Date.now();
  await upload.getByLabel('Choose files').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await expect(upload.getByTestId('uploaded-files')).toContainText('Only the first 10,000 rows were read.');
  await expect(upload.getByTestId('uploaded-files')).toContainText(/big\.csv \d+\.\d KB/);
  expect(Date.now() - started).toBeLessThan(20_000);
  await upload.getByLabel('Choose files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Some uploaded notes for the corpus.') });
  await expect(upload.getByTestId('uploaded-files')).toContainText('Added to your plagiarism corpus.');

  const chart = await openTool(page, 'Chart Generator');
  await expect(chart).toContainText('Table big.csv (10000 rows)');
  await chart.getByLabel('Value column').selectOption({ label: 'value' });
  await chart.getByRole('button', { name: 'Use these columns' }).click();
  // A cell that is not a number is refused by its row and column (never skipped, so labels cannot drift).
  await expect(chart.getByText('Row 5, column “value”: “n/a” is not a number.')).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(0);
  // A scatter takes its x from the second field, as numbers.
  await chart.getByLabel('Chart type').selectOption('scatter');
  await chart.getByLabel('Data (comma-separated numbers)').fill('3, 5, 4');
  await chart.getByLabel('X values (comma-separated numbers)').fill('0.5, 1, oops');
  await expect(chart.getByText('X value 3, “oops”, is not a number.')).toBeVisible();
  await chart.getByLabel('X values (comma-separated numbers)').fill('0.5, 1, 2.5');
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.getByLabel('Chart type').selectOption('pie');
  await expect(chart.getByLabel('Labels (comma-separated)')).toHaveValue('0.5, 1, 2.5');
  await expect(chart.locator('canvas')).toBeVisible();

  // Customisation: gradient background, sidebar to the left.
  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('radio', { name: 'Gradient' }).check().catch(async () => page.getByText('Gradient', { exact: true }).first().click());
  await page.getByRole('button', { name: /Move sidebar to the left/ }).click();
  await expect(page.getByTestId('report-screen')).toHaveClass(/sidebar-left/);
  await shot(page, 'report-customise');
});

test('the Report Helper in Japanese, with CJK text in the preview', async ({ page }) => {
  await signUpViaApi(page, 'ja');
  await page.goto('/writing?screen=report&lng=ja');
  await expect(page.getByRole('heading', { name: 'レポートヘルパー' })).toBeVisible({ timeout: 30_000 });
  const editor = page.getByPlaceholder('科学レポートを書き始めましょう...');
  await expect(editor).toBeEnabled();
  await editor.fill('# 深層学習によるタンパク質構造予測\n\n## 要旨\n本研究では深層学習を用いる。\n\n## 序論\nエネルギーは $E = mc^2$ である。\n\n## 부록 A\n한국어 문장.');
  const preview = page.getByTestId('report-preview');
  await expect(preview.locator('.rp-abstract')).toContainText('本研究では深層学習を用いる。');
  await expect(preview.getByRole('heading', { name: '1 序論' })).toBeVisible();
  await page.getByRole('button', { name: 'PDF エクスポート', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'PDF として書き出し' })).toBeEnabled();
  await shot(page, 'report-ja');
});

test('several reports: new, rename, find, switch and delete, each with its own text', async ({ page }) => {
  await signUpViaApi(page, 'reps');
  const editor = await openReport(page);
  const saved = page.locator('.report-header .badge');
  await editor.fill('# Alpha\n\nFirst report.');
  await expect(saved).toHaveText('Saved');
  const reports = page.getByRole('button', { name: /^Reports:/ });
  const dialog = page.getByRole('dialog', { name: 'My reports' });
  await reports.click();
  await dialog.getByRole('button', { name: 'New document' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor).toHaveValue('');
  await editor.fill('# Beta\n\nSecond report.');
  await expect(saved).toHaveText('Saved');
  // A Zotero export (RIS file) into Beta's references, and the list back out as .bib.
  const cites = await openTool(page, 'Citation Manager');
  await cites.getByLabel('Import file (.bib, .ris, CSL-JSON)').setInputFiles({ name: 'zotero.ris', mimeType: 'application/x-research-info-systems', buffer: Buffer.from(RIS) });
  await expect(cites.getByTestId('reference-list')).toContainText('Seagrass carbon stocks along temperate coasts');
  const bib = page.waitForEvent('download');
  await cites.getByRole('button', { name: 'Export .bib' }).click();
  expect((await bib).suggestedFilename()).toBe('references.bib');
  expect(readFileSync((await (await bib).path())!, 'utf8')).toMatch(/@article\{okafor2021[^,]*,[\s\S]*Seagrass carbon stocks/);

  await reports.click();
  await dialog.locator('.doc-item.current').getByRole('button', { name: 'Rename' }).click();
  await dialog.getByRole('textbox', { name: 'Rename' }).fill('Beta report');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.doc-item.current')).toContainText('Beta report');
  // Duplicate: a copy with the same text and references opens.
  await dialog.getByRole('button', { name: 'Duplicate Beta report' }).click();
  await expect(dialog).toBeHidden();
  await expect(reports).toContainText('Copy of Beta report');
  await expect(editor).toHaveValue('# Beta\n\nSecond report.');
  await expect(cites.getByTestId('reference-list')).toContainText('Seagrass carbon stocks along temperate coasts');
  await reports.click();
  await dialog.getByRole('searchbox', { name: 'Search by title' }).fill('copy of');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('searchbox', { name: 'Search by title' }).fill('');
  await dialog.getByRole('listitem').filter({ hasNotText: 'Beta report' }).getByRole('button').first().click();
  await expect(editor).toHaveValue('# Alpha\n\nFirst report.');
  await expect(reports).toContainText('Untitled report');

  await reports.click();
  const beta = dialog.getByRole('listitem').filter({ hasText: /^Beta report/ });
  await beta.getByRole('button', { name: 'Delete' }).click();
  await beta.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await expect(page.getByPlaceholder('Start writing your scientific report...')).toHaveValue('# Alpha\n\nFirst report.');
});

test('two tabs on one report: edits in different places merge; the same words changed show both to choose, nothing lost', async ({ page, context }) => {
  await signUpViaApi(page, 'twotab');
  const editor = await openReport(page);
  const saved = page.locator('.report-header .badge');
  const start = '# Shared\n\nFirst paragraph.\n\nSecond paragraph.';
  await editor.fill(start);
  await expect(saved).toHaveText('Saved');
  const other = await context.newPage();
  const otherEditor = await openReport(other);
  const otherSaved = other.locator('.report-header .badge');
  await expect(otherEditor).toHaveValue(start);
  await otherEditor.fill('# Shared\n\nFirst paragraph, edited in tab B.\n\nSecond paragraph.');
  await expect(otherSaved).toHaveText('Saved');
  // Tab A still holds the older version: its save meets B's, the two edits merge and are saved.
  await editor.fill('# Shared\n\nFirst paragraph.\n\nSecond paragraph, edited in tab A.');
  const merged = '# Shared\n\nFirst paragraph, edited in tab B.\n\nSecond paragraph, edited in tab A.';
  await expect(editor).toHaveValue(merged);
  await expect(saved).toHaveText('Saved');
  await other.reload();
  await expect(other.getByPlaceholder('Start writing your scientific report...')).toHaveValue(merged, { timeout: 30_000 });

  // Both change the same words: both versions side by side; the one not kept is saved as a copy.
  await otherEditor.fill(merged.replace('# Shared', '# Title from B'));
  await expect(otherSaved).toHaveText('Saved');
  await editor.fill(merged.replace('# Shared', '# Title from A'));
  await expect(page.getByTestId('conflict-theirs')).toContainText('Title from B');
  await expect(page.getByTestId('conflict-mine')).toContainText('Title from A');
  await page.getByRole('button', { name: "Keep this tab's text" }).click();
  await expect(saved).toHaveText('Saved');
  await page.getByRole('button', { name: /^Reports:/ }).click();
  const copy = page.getByRole('dialog', { name: 'My reports' }).getByRole('listitem').filter({ hasText: '(other version)' });
  await copy.getByRole('button').first().click();
  await expect(editor).toHaveValue(merged.replace('# Shared', '# Title from B'));
});

