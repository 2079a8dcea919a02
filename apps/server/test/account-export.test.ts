import { parse as parseDisposition } from 'content-disposition';
import { initializeCanvas, readPsd } from 'ag-psd';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAccount } from './account-fixtures';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

// Node has no canvas: ag-psd reads pixels into plain image data.
initializeCanvas(
  () => {
    throw new Error('no canvas in Node');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as never,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('export my data', () => {
  it('streams one zip with documents, reports, characters as PNG and PSD, chats and billing, only the own', async () => {
    const u = await signUp(t.app, 'exp');
    const other = await signUp(t.app, 'exp');
    const mine = await fillAccount(t, u.auth);
    await t.app.inject({ method: 'POST', url: '/api/documents', headers: other.auth, payload: { title: 'Not yours', content: 'secret of someone else' } });

    const res = await t.app.inject({ url: '/api/account/export', headers: u.auth });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const disposition = parseDisposition(res.headers['content-disposition'] as string);
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).toMatch(/^yumi-studio-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    const text = (name: string) => strFromU8(files[name]!);
    const find = (pattern: RegExp) => {
      const hit = names.filter((n) => pattern.test(n));
      expect(hit, `${pattern} in ${names.join(', ')}`).toHaveLength(1);
      return hit[0]!;
    };

    expect(JSON.parse(text('account.json'))).toMatchObject({ id: u.user.id, email: u.email, username: u.username, twoStepSignIn: false, timeshards: 0 });
    expect(JSON.parse(text('manifest.json'))).toMatchObject({ format: 'yumi-studio-export', userId: u.user.id, skipped: [] });

    // Documents and the report with its references and figure.
    expect(text(find(/^documents\/My-story-[0-9a-f]{8}\.md$/))).toBe('Once upon a time.');
    const reportDir = find(/^reports\/Protein-report-[0-9a-f]{8}\/report\.md$/).replace(/report\.md$/, '');
    expect(text(`${reportDir}report.md`)).toContain('[@smith2020]');
    expect(JSON.parse(text(`${reportDir}references.json`))).toEqual([expect.objectContaining({ id: 'smith2020', title: 'Deep learning for protein folding' })]);
    const figure = await sharp(Buffer.from(files[`${reportDir}figures/01-chart1.png`]!)).metadata();
    expect([figure.format, figure.width, figure.height]).toEqual(['png', 60, 30]);
    expect(JSON.parse(text(`${reportDir}report.json`))).toMatchObject({ id: mine.report.id, citationStyle: 'apa', figures: [{ id: 'chart1', caption: 'Monthly results', file: 'figures/01-chart1.png' }] });
    expect(JSON.parse(text('documents.json'))).toHaveLength(2);

    // The character: both versions, each layer as PNG and the version as a layered PSD.
    const charDir = find(/^characters\/Sakura-[0-9a-f]{8}\/character\.json$/).replace(/character\.json$/, '');
    expect(JSON.parse(text(`${charDir}character.json`)).versions.map((v: { name: string }) => v.name)).toEqual(['First', 'Second']);
    for (const [folder, red, blue] of [['01-First', 255, 0], ['02-Second', 0, 255]] as const) {
      const dir = `${charDir}versions/${folder}/`;
      const layer = await sharp(Buffer.from(files[`${dir}layers/02-Line-art.png`]!)).raw().toBuffer({ resolveWithObject: true });
      expect([layer.info.width, layer.info.height]).toEqual([40, 30]);
      expect([layer.data[0], layer.data[2]]).toEqual([red, blue]);
      const psd = readPsd(files[`${dir}${folder.slice(3)}.psd`]!.buffer as ArrayBuffer, { useImageData: true, skipThumbnail: true });
      expect([psd.width, psd.height]).toEqual([40, 30]);
      expect(psd.children!.map((l) => [l.name, l.blendMode, Math.round((l.opacity ?? 1) * 100)])).toEqual([
        ['Background', 'normal', 100],
        ['Line art', 'multiply', 80],
      ]);
      const line = psd.children![1]!.imageData!;
      expect([line.data[0], line.data[2], line.data[3]]).toEqual([red, blue, 255]);
      // The flattened image: the colour at 80 % multiplied over white (255 - 0.8 * 255 = 51 where it is 0).
      const flat = Array.from(psd.imageData!.data.slice(0, 3));
      const expected = red ? [255, 51, 51] : [51, 51, 255];
      flat.forEach((v, i) => expect(Math.abs(v - expected[i]!), `flat ${flat}`).toBeLessThanOrEqual(1));
      expect(JSON.parse(text(`${dir}version.json`)).layers[1]).toMatchObject({ name: 'Line art', blendMode: 'multiply', opacity: 80, file: 'layers/02-Line-art.png' });
    }

    // The chat, and the books.
    const chat = JSON.parse(text(find(/^chats\/\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json$/)));
    expect(chat.id).toBe(mine.conversationId);
    expect(chat.messages[0]).toMatchObject({ role: 'user', content: 'How do I save a character?' });
    expect(JSON.parse(text('billing/purchases.json'))).toEqual([]);
    expect(Array.isArray(JSON.parse(text('billing/ledger.json')))).toBe(true);
    expect(JSON.parse(text('images.json'))).toEqual([]);

    // Nothing of the other account.
    for (const name of names) expect(strFromU8(files[name]!, true)).not.toContain('secret of someone else');
    expect(names.join()).not.toContain('Not-yours');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/account/export', headers: { authorization: 'Bearer ' + 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(401);
    expect(errorBody(forged).code).toBe('UNAUTHORIZED');
  });
});
