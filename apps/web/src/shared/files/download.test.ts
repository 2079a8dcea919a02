import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

const withHeader = (value?: string) => new Response(null, { headers: value ? { 'content-disposition': value } : {} });

describe('fileNameOf: the name a download response gives', () => {
  it('reads bare, quoted and RFC 8187 names as servers send them', () => {
    expect(fileNameOf(withHeader('attachment; filename=report-2026-03-01.pdf'), 'x')).toBe('report-2026-03-01.pdf');
    expect(fileNameOf(withHeader('attachment; filename="my report.pdf"'), 'x')).toBe('my report.pdf');
    expect(fileNameOf(withHeader(`attachment; filename="?.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`), 'x')).toBe('報告.pdf');
  });

  it('falls back when there is no header or it cannot be read', () => {
    expect(fileNameOf(withHeader(), 'report.pdf')).toBe('report.pdf');
    expect(fileNameOf(withHeader('attachment; filename='), 'report.pdf')).toBe('report.pdf');
    expect(fileNameOf(withHeader('attachment'), 'report.pdf')).toBe('report.pdf');
  });
});
