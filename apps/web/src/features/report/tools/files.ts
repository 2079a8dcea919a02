import { MAX_UPLOAD_BYTES, TABLE_MAX_ROWS } from '@yumi/core';
import { strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { ArchiveError, unzipBounded } from '../../../shared/files/unzip';

/** An archive's bytes, refused before reading when the file itself is over the upload cap. */
async function archiveBytes(file: File): Promise<Uint8Array> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ArchiveError('tooLarge');
  return new Uint8Array(await file.arrayBuffer());
}

/** Rows of a CSV or XLSX (first sheet), at most TABLE_MAX_ROWS; parsing stops there, so a huge file never freezes the tab. */
export async function readTable(file: File): Promise<{ rows: string[][]; truncated: boolean }> {
  if (/\.csv$/i.test(file.name)) {
    return new Promise((resolve, reject) => {
      const rows: string[][] = [];
      let truncated = false;
      Papa.parse<string[]>(file, {
        worker: false,
        skipEmptyLines: true,
        step: (row, parser) => {
          if (rows.length >= TABLE_MAX_ROWS) {
            truncated = true;
            parser.abort();
            return;
          }
          rows.push(row.data.map(String));
        },
        complete: () => resolve({ rows, truncated }),
        error: (err) => reject(err),
      });
    });
  }
  const zip = await unzipBounded(await archiveBytes(file), {
    filter: (name) => name === 'xl/sharedStrings.xml' || name === 'xl/worksheets/sheet1.xml',
  });
  const sheet = zip['xl/worksheets/sheet1.xml'];
  if (!sheet) throw new Error('This XLSX file has no first worksheet.');
  const parser = new DOMParser();
  const strings = zip['xl/sharedStrings.xml']
    ? Array.from(parser.parseFromString(strFromU8(zip['xl/sharedStrings.xml']), 'application/xml').getElementsByTagName('si')).map((si) => si.textContent ?? '')
    : [];
  const doc = parser.parseFromString(strFromU8(sheet), 'application/xml');
  const rows: string[][] = [];
  const all = doc.getElementsByTagName('row');
  for (let i = 0; i < all.length && rows.length < TABLE_MAX_ROWS; i += 1) {
    const row: string[] = [];
    for (const c of Array.from(all[i]!.getElementsByTagName('c'))) {
      const ref = c.getAttribute('r') ?? '';
      const col = [...(/^[A-Z]+/.exec(ref)?.[0] ?? 'A')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const v = c.getElementsByTagName('v')[0]?.textContent ?? c.getElementsByTagName('t')[0]?.textContent ?? '';
      row[col] = c.getAttribute('t') === 's' ? (strings[Number(v)] ?? '') : v;
    }
    rows.push(Array.from(row, (x) => x ?? ''));
  }
  return { rows, truncated: all.length > TABLE_MAX_ROWS };
}
