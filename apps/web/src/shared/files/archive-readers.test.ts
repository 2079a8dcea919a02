import { inspectZip, MAX_UNZIPPED_BYTES } from '@yumi/core';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readTable } from '../../features/report/tools/files';
import { extractFile } from './extract';

// The two places the browser opens archives (Writing's file import, Report's Upload Files) refuse a zip bomb
// whose headers declare small sizes, by the bytes it really inflates.

function lying(files: Record<string, Uint8Array>): Uint8Array {
  // Level 1 deflates a run as well as level 9, at a fraction of the CPU.
  const zip = zipSync(files, { level: 1 });
  const view = new DataView(zip.buffer);
  for (let i = 0; i + 4 <= zip.length; i += 1) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, 900, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, 900, true);
  }
  return zip;
}
const huge = () => new Uint8Array(MAX_UNZIPPED_BYTES + 8 * 1024 * 1024).fill(0x20);
/** Building and inflating tens of megabytes is real CPU work: room for a loaded 2-core machine. */
const HEAVY = 60_000;
const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

describe('archive readers', () => {
  it('Writing refuses a DOCX bomb with lying headers as a zip bomb', async () => {
    const docx = lying({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': huge() });
    expect(inspectZip(docx).ok).toBe(true);
    expect(await extractFile(file(docx, 'essay.docx'))).toEqual({ kind: 'docx', error: 'zipBomb' });
  }, HEAVY);

  it('Writing still reads an ordinary DOCX (the parser gets the counted parts)', async () => {
    const docx = zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Counted and read</w:t></w:r></w:p></w:body></w:document>',
      ),
    });
    const got = await extractFile(file(docx, 'fine.docx'));
    expect(got.error).toBeUndefined();
    expect(got.text?.trim()).toBe('Counted and read');
  });

  it('Report refuses XLSX bombs with lying headers (its DOCX and PDF go through extractFile above)', async () => {
    const xlsx = lying({ 'xl/worksheets/sheet1.xml': huge() });
    await expect(readTable(file(xlsx, 'data.xlsx'))).rejects.toMatchObject({ problem: 'tooLarge' });
  }, HEAVY);

});
