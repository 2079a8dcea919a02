import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIDI_FIXTURES, pdfWords, shownLines, type PdfWord } from '@yumi/core/report/bidi-reference';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf } from './pdf';

/**
 * Arabic and Hebrew in the PDF: each line shows its words in the order GNU FriBidi (the reference UAX #9
 * implementation) gives the same line, read back from the PDF by poppler; a paragraph whose first strong
 * letter is right to left starts at the right. Every word appears once in the report (see bidi-reference).
 */
const { arabic: ARABIC, hebrew: HEBREW, mixed: MIXED, heading: HEADING } = BIDI_FIXTURES;
// Long enough to wrap: each line is reordered on its own.
const LONG =
  'السلام عليكم ورحمة الله وبركاته أهلا وسهلا بكم هذا الموضوع العلمي الذي يدرس تأثير التغير المناخي على الزراعة والمياه والغابات والطيور والأسماك Sentinel منطقة الشرق الأوسط وشمال أفريقيا خلال العقود الماضية والقرن الحالي بالتفصيل الدقيق';
const CELL = 'شبكة عميقة';
const MARKDOWN = `# Bidi check\n\n## ${HEADING}\n${ARABIC}\n\n${HEBREW}\n\n${MIXED}\n\n${LONG}\n\n| النموذج | الدقة |\n|---|---|\n| ${CELL} | 93 |\n`;

/** A4 with the plain format's margins: text runs from 64 pt to 531.3 pt. */
const LEFT = 64;
const RIGHT = 595.28 - 64;

let pdf: Buffer;
let words: PdfWord[];
/** Text without spaces (poppler drops some between runs) and embedding marks. */
const squash = (text: string) => text.normalize('NFKC').replace(/[\s\u202a-\u202e]+/g, '');
/** pdftotext's text, squashed. */
let readBack: () => string;
beforeAll(async () => {
  ({ pdf } = await renderReportPdf({
    markdown: MARKDOWN,
    references: [],
    style: 'apa',
    figures: [],
    options: { includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false },
    date: new Date('2026-03-01T00:00:00Z'),
  }));
  const file = join(mkdtempSync(join(tmpdir(), 'bidi-')), 'r.pdf');
  writeFileSync(file, pdf);
  words = pdfWords(file);
  readBack = () => squash(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
});

describe('right-to-left text in the PDF', () => {
  it('orders each line of Arabic and Hebrew paragraphs, with Latin words and numbers inside, as FriBidi does', () => {
    for (const [paragraph, base] of [[ARABIC, 'rtl'], [HEBREW, 'rtl'], [MIXED, 'ltr'], [LONG, 'rtl']] as const) {
      const lines = shownLines(words, paragraph, base);
      expect(lines.flatMap((l) => l.shown).sort(), paragraph).toEqual(paragraph.split(' ').sort());
      for (const line of lines) expect(line.shown, paragraph).toEqual(line.fribidi);
    }
    expect(shownLines(words, LONG, 'rtl').length).toBeGreaterThanOrEqual(2);
    expect(shownLines(words, ARABIC, 'rtl')[0]!.shown).toEqual(['التحليل', 'في', '2024', 'لعام', '37', 'الإصدار', 'AlphaFold', 'نموذج', 'الدراسة', 'تستخدم']);
  });

  it('sets a paragraph, heading and table cell whose first strong letter is right to left from the right', () => {
    for (const paragraph of [ARABIC, HEBREW]) expect(shownLines(words, paragraph, 'rtl')[0]!.right, paragraph).toBeCloseTo(RIGHT, 0);
    // Every line of the long paragraph ends at the right margin (justified; the last one flush right).
    for (const line of shownLines(words, LONG, 'rtl')) expect(line.right).toBeCloseTo(RIGHT, 0);
    // The section number stands at the right of an Arabic heading, its words in order left of it.
    const heading = shownLines(words, HEADING, 'rtl')[0]!;
    expect(heading.shown).toEqual(['البحث', 'مقدمة']);
    const number = words.find((w) => w.text === '1' && Math.abs(w.y - heading.y) < 4)!;
    expect(number.xMin).toBeGreaterThan(heading.right);
    expect(number.xMax).toBeCloseTo(RIGHT, 0);
    // A table cell is set from the right of its column (the first of two, 4 pt padding).
    const cell = shownLines(words, CELL, 'rtl')[0]!;
    expect(cell.shown).toEqual(['عميقة', 'شبكة']);
    expect(cell.right).toBeCloseTo(LEFT + (RIGHT - LEFT) / 2 - 4, 0);
    // A left-to-right paragraph still starts at the left.
    expect(shownLines(words, MIXED, 'ltr')[0]!.left).toBeCloseTo(LEFT, 0);
  });

  it('reads back in reading order with every letter as written, tagged as Arabic', () => {
    expect(pdf.toString('latin1')).toContain('/Lang (ar)');
    // poppler reads every line of a mostly right-to-left page from the right (its own simple bidi, which
    // would turn the English paragraph around): the right-to-left paragraphs come out as written, letter
    // for letter, though Noto Sans Arabic draws ب ت ث ن ي from one dotless shape plus dots (fonts.ts).
    const read = readBack();
    for (const paragraph of [ARABIC, HEBREW, LONG]) expect(read).toContain(squash(paragraph));
  });
});
