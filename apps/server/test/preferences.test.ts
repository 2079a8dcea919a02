import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LAYOUT, DEFAULT_PANELS } from '@yumi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
let installers: string;
beforeAll(async () => {
  installers = mkdtempSync(join(tmpdir(), 'yumi-installers-'));
  t = await createTestApp({ INSTALLERS_DIR: installers });
});
afterAll(() => t.close());

const valid = () => ({
  layout: DEFAULT_LAYOUT.map((item) => (item.i === 'modes' ? { ...item, x: 2, w: 6 } : item)),
  background: 'gradient3',
  customBackground: null,
  panels: { ...DEFAULT_PANELS, footer: false },
});

describe('preferences', () => {
  it('needs a signed-in user', async () => {
    const get = await t.app.inject({ url: '/api/me/preferences' });
    expect(get.statusCode).toBe(401);
    expect(errorBody(get).code).toBe('UNAUTHORIZED');
    const put = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', payload: valid() });
    expect(put.statusCode).toBe(401);
  });

  it('answers null before the first save, then what was saved, per user', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const empty = await t.app.inject({ url: '/api/me/preferences', headers: a.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ preferences: null, updatedAt: null });

    const saved = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: a.auth, payload: valid() });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().updatedAt).toBe('2026-03-01T09:00:00.000Z');

    t.clock.advance(60_000);
    const again = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: a.auth, payload: { ...valid(), background: 'solid2' } });
    expect(again.json().updatedAt).toBe('2026-03-01T09:01:00.000Z');

    const read = await t.app.inject({ url: '/api/me/preferences', headers: a.auth });
    expect(read.json().preferences).toMatchObject({ background: 'solid2', panels: { footer: false } });
    expect(read.json().preferences.layout[0]).toMatchObject({ i: 'modes', x: 2, w: 6 });
    // Another user never sees them.
    const other = await t.app.inject({ url: '/api/me/preferences', headers: b.auth });
    expect(other.json().preferences).toBeNull();
  });

  it('keeps a custom background image data URL', async () => {
    const u = await signUp(t.app);
    const image = `data:image/jpeg;base64,${Buffer.alloc(3000, 7).toString('base64')}`;
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: u.auth, payload: { ...valid(), background: 'custom', customBackground: image } });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/me/preferences', headers: u.auth });
    expect(read.json().preferences.customBackground).toBe(image);
  });

  it('refuses bad input with 422 and keeps the old value', async () => {
    const u = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: u.auth, payload: valid() });
    const bad: unknown[] = [
      { ...valid(), background: 'rainbow' },
      { ...valid(), layout: 'grid' },
      { ...valid(), layout: [{ i: 'evil', x: 0, y: 0, w: 1, h: 1 }] },
      { ...valid(), layout: [{ i: 'modes', x: -1, y: 0, w: 1, h: 1 }] },
      { ...valid(), layout: [{ i: 'modes', x: 0, y: 0, w: 1, h: 1 }, { i: 'modes', x: 0, y: 0, w: 1, h: 1 }] },
      { ...valid(), panels: { modes: 'yes', charge: true, header: true, footer: true } },
      { ...valid(), customBackground: 'javascript:alert(1)' },
      { ...valid(), customBackground: 'data:text/html;base64,PHNjcmlwdD4=' },
      { ...valid(), extra: 1 },
      { layout: valid().layout },
      [],
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: u.auth, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    const read = await t.app.inject({ url: '/api/me/preferences', headers: u.auth });
    expect(read.json().preferences.background).toBe('gradient3');
  });

  it('refuses malformed JSON and bodies over the cap', async () => {
    const u = await signUp(t.app);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: '{"layout":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorBody(malformed).code).toBe('MALFORMED_JSON');
    const huge = { ...valid(), background: 'custom', customBackground: `data:image/png;base64,${'A'.repeat(2_000_000)}` };
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: u.auth, payload: huge });
    expect(res.statusCode).toBe(413);
    expect(errorBody(res).code).toBe('PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({ method: 'PUT', url: '/api/me/preferences', headers: { ...u.auth, 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });
});

describe('preferences contract', () => {
  it('publishes the body and answer schemas in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, { put?: { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } } }>;
    };
    const body = doc.paths['/api/me/preferences']?.put?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['background', 'customBackground', 'layout', 'panels']);
  });
});

describe('installers', () => {
  it('lists nothing when the operator published nothing', async () => {
    const res = await t.app.inject({ url: '/api/installers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ installers: [] });
    const missing = await t.app.inject({ url: '/installers/YumiStudio-Setup.exe' });
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).code).toBe('NOT_FOUND');
  });

  it('lists and serves what exists, and nothing else', async () => {
    writeFileSync(join(installers, 'YumiStudio-Setup-1.0.0.exe'), Buffer.alloc(1234, 1));
    writeFileSync(join(installers, 'YumiStudio-1.0.0.dmg'), Buffer.alloc(99, 2));
    writeFileSync(join(installers, 'notes.txt'), 'secret');
    writeFileSync(join(installers, '.hidden.exe'), 'x');
    mkdirSync(join(installers, 'folder.dmg'), { recursive: true });
    const res = await t.app.inject({ url: '/api/installers' });
    expect(res.json().installers).toEqual([
      expect.objectContaining({ platform: 'mac', filename: 'YumiStudio-1.0.0.dmg', url: '/installers/YumiStudio-1.0.0.dmg', size: 99 }),
      expect.objectContaining({ platform: 'windows', filename: 'YumiStudio-Setup-1.0.0.exe', size: 1234 }),
    ]);
    const file = await t.app.inject({ url: '/installers/YumiStudio-Setup-1.0.0.exe' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(1234);
    expect(file.headers['content-disposition']).toContain('attachment');
    for (const url of ['/installers/notes.txt', '/installers/.hidden.exe', '/installers/..%2F..%2Fetc%2Fpasswd', '/installers/folder.dmg', `/installers/${'a'.repeat(400)}.exe`]) {
      const bad = await t.app.inject({ url });
      expect([404, 414, 422], url).toContain(bad.statusCode);
      errorBody(bad);
    }
  });
});
