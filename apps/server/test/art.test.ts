import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { listReferenceArtworks } from '../src/modules/art/service';
import { BOUNDARY, createTestApp, errorBody, multipart, signUp, signUpVerified, type TestApp } from './helpers';

let t: TestApp;
const ADMINS = ['boss@example.com', 'second@example.com'];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMINS.join(',') });
});
afterAll(() => t.close());

const png = (w = 64, h = 48, color = { r: 200, g: 80, b: 220 }) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();

async function upload(auth: Record<string, string>, file: Buffer, extra: Record<string, string> = {}, type = 'image/png') {
  const fields = Object.entries({ title: 'Sakura girl', tags: 'sakura, pink', consent: 'true', ...extra }).map(([name, value]) => ({ name, value }));
  const body = multipart([...fields, { name: 'artwork', file, type }]);
  return t.app.inject({ method: 'POST', url: '/api/art/upload', headers: { ...auth, ...body.headers }, payload: body.payload });
}
async function admin(email: string) {
  return (await signUpVerified(t, email)).auth;
}
const balance = async (auth: Record<string, string>) => (await t.app.inject({ url: '/api/billing/info', headers: auth })).json().balance;

describe('artwork upload', () => {
  it('stores a re-encoded image as pending and lists it with stats', async () => {
    const u = await signUp(t.app);
    const res = await upload(u.auth, await png());
    expect(res.statusCode).toBe(201);
    const { contribution } = res.json();
    expect(contribution).toMatchObject({ title: 'Sakura girl', status: 'pending', width: 64, height: 48, consentToShow: true, reward: 0 });
    const img = await t.app.inject({ url: contribution.imageUrl, headers: u.auth });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    // Pending files are private to whoever holds the unguessable key; unknown keys are not served.
    expect(img.headers['cache-control']).toContain('private');
    expect((await t.app.inject({ url: `/api/art/files/${'0'.repeat(64)}` })).statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/api/art/contributions', headers: u.auth })).json();
    expect(list.stats).toEqual({ pendingContributions: 1, approvedContributions: 0, totalRewardsEarned: 0 });
    expect(list.contributions).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json().artworkContributions).toBe(1);
  });

  it('refuses a script that claims image/png, an empty upload, no file, and no sign-in', async () => {
    const u = await signUp(t.app);
    const script = await upload(u.auth, Buffer.from('#!/bin/sh\nrm -rf /\n<script>alert(1)</script>'));
    expect(script.statusCode).toBe(415);
    expect(errorBody(script)).toMatchObject({ code: 'NOT_AN_IMAGE', error: 'Please select an image file.' });
    // PNG magic bytes followed by garbage: sharp cannot decode it, so it is not an image either.
    const fakePng = await upload(u.auth, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]));
    expect(fakePng.statusCode).toBe(415);
    expect((await upload(u.auth, Buffer.alloc(0))).statusCode).toBe(415);
    const noFile = multipart([{ name: 'title', value: 'x' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/art/upload', headers: { ...u.auth, ...noFile.headers }, payload: noFile.payload });
    expect(res.statusCode).toBe(422);
    const json = await t.app.inject({ method: 'POST', url: '/api/art/upload', headers: u.auth, payload: { artwork: 'x' } });
    expect(json.statusCode).toBe(415);
    const anon = await t.app.inject({ method: 'POST', url: '/api/art/upload', ...multipart([{ name: 'artwork', file: await png() }]) });
    expect(anon.statusCode).toBe(401);
    const list = (await t.app.inject({ url: '/api/art/contributions', headers: u.auth })).json();
    expect(list.contributions).toHaveLength(0);
  });

  it('refuses files over 10 MB while streaming, before reading a 10 GB body', async () => {
    const u = await signUp(t.app);
    // Noise so the PNG stays large: just over 10 MB.
    const noise = Buffer.alloc(2000 * 1800 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 2000, height: 1800, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await upload(u.auth, big);
    expect(res.statusCode).toBe(413);
    expect(errorBody(res)).toMatchObject({ code: 'FILE_TOO_LARGE', error: 'File size must be less than 10MB.' });

    // A 10 GB body streamed over real HTTP, without Content-Length: refused after about 10 MB.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="artwork"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const body = Readable.from(
      (async function* () {
        yield head;
        yield pngHead;
        while (sent < 10 * 1024 ** 3) {
          sent += chunk.length;
          yield chunk;
        }
      })(),
    );
    const started = Date.now();
    const streamed = await fetch(`${address}/api/art/upload`, {
      method: 'POST',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit).catch((err: Error) => err);
    const status = streamed instanceof Response ? streamed.status : `connection closed (${streamed.message})`;
    console.log(`[upload] 10 GB stream: ${status} after ${Math.round(sent / 1024 / 1024)} MB sent, ${Date.now() - started} ms`);
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(200 * 1024 * 1024);
    // A Content-Length that announces too much is refused before reading.
    const announced = await t.app.inject({
      method: 'POST',
      url: '/api/art/upload',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(10 * 1024 ** 3) },
      payload: 'x',
    });
    expect(announced.statusCode).toBe(413);
  });
});

describe('review', () => {
  it('non-admins cannot review, admins approve once under a race, rewards are granted once', async () => {
    const u = await signUp(t.app);
    const [a1, a2] = await Promise.all(ADMINS.map(admin));
    const first = (await upload(u.auth, await png())).json().contribution;
    const second = (await upload(u.auth, await png(32, 32, { r: 10, g: 200, b: 90 }), { title: 'Ocean maid', tags: 'ocean, maid' })).json().contribution;

    const self = await t.app.inject({ method: 'POST', url: `/api/art/review/${first.id}`, headers: u.auth, payload: { decision: 'approve' } });
    expect(self.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/art/review', headers: u.auth })).statusCode).toBe(403);
    expect(await balance(u.auth)).toBe(0);

    const queue = (await t.app.inject({ url: '/api/art/review', headers: a1! })).json().items;
    expect(queue.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(queue.find((i: { id: string }) => i.id === first.id).username).toBe(u.username);

    const race = await Promise.all(
      [a1!, a2!, a1!, a2!].map((auth) => t.app.inject({ method: 'POST', url: `/api/art/review/${first.id}`, headers: auth, payload: { decision: 'approve', exceptional: true } })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(race.find((r) => r.statusCode === 200)!.json().rewardGranted).toBe(1000 + 500 + 250);
    expect(await balance(u.auth)).toBe(1750);
    // The one decision that won is audited, once, with its reviewer.
    const audit = (await t.app.inject({ url: '/api/admin/audit?limit=200', headers: a1! })).json().entries as Array<{ action: string; targetId: string; actor: string; details: object }>;
    const decided = audit.filter((e) => e.targetId === first.id);
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({ action: 'art.approve', details: { exceptional: true, owner: u.username } });
    expect(ADMINS).toContain(decided[0]!.actor);

    // The second approval earns the base reward only: the first-contribution bonus is once per account.
    const approveSecond = await t.app.inject({ method: 'POST', url: `/api/art/review/${second.id}`, headers: a2!, payload: { decision: 'approve' } });
    expect(approveSecond.json().rewardGranted).toBe(1000);
    expect(await balance(u.auth)).toBe(2750);
    const stats = (await t.app.inject({ url: '/api/art/contributions', headers: u.auth })).json();
    expect(stats.stats).toEqual({ pendingContributions: 0, approvedContributions: 2, totalRewardsEarned: 2750 });
    expect((await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json().contributionRewards).toBe(2750);
    console.log(`[review] ${t.database.kind}: 4 concurrent approvals by 2 admins -> 1 approved, reward 1750 granted once`);
  });

  it('rejects with a reason, refuses bad decisions and admins reviewing their own upload', async () => {
    const u = await signUp(t.app);
    const a1 = await admin('boss@example.com').catch(() => null);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@example.com', password: 'secret123' } });
    const adminAuth = a1 ?? { authorization: `Bearer ${login.json().token}` };
    const auth = { authorization: `Bearer ${login.json().token}` };
    const art = (await upload(u.auth, await png())).json().contribution;
    const post = (payload: unknown, id = art.id) => t.app.inject({ method: 'POST', url: `/api/art/review/${id}`, headers: auth, payload: payload as object });
    expect((await post({ decision: 'reject' })).statusCode).toBe(422);
    expect((await post({ decision: 'reject', reason: '   ' })).statusCode).toBe(422);
    expect((await post({ decision: 'maybe' })).statusCode).toBe(422);
    expect((await post({ decision: 'approve', reward: 1_000_000 })).statusCode).toBe(422);
    expect((await post({ decision: 'approve' }, 'not-a-uuid')).statusCode).toBe(422);
    expect((await post({ decision: 'approve' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const rejected = await post({ decision: 'reject', reason: 'Traced from another artist.' });
    expect(rejected.json().item).toMatchObject({ status: 'rejected', rejectionReason: 'Traced from another artist.' });
    const audit = (await t.app.inject({ url: '/api/admin/audit?limit=1', headers: auth })).json().entries;
    expect(audit[0]).toMatchObject({ actor: 'boss@example.com', action: 'art.reject', targetType: 'artwork', targetId: art.id, details: { reason: 'Traced from another artist.' } });
    expect((await post({ decision: 'approve' })).statusCode).toBe(409);
    expect(await balance(u.auth)).toBe(0);

    const own = (await upload(auth, await png())).json().contribution;
    const selfReview = await post({ decision: 'approve' }, own.id);
    expect(selfReview.statusCode).toBe(403);
    expect(errorBody(selfReview).code).toBe('OWN_ARTWORK');
    void adminAuth;
  });

  it('approved works with consent become searchable references; others do not', async () => {
    const u = await signUp(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'second@example.com', password: 'secret123' } });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const shown = (await upload(u.auth, await png(), { title: 'Twilight witch', tags: 'gothic, witch', consent: 'true' })).json().contribution;
    const hidden = (await upload(u.auth, await png(40, 40, { r: 1, g: 2, b: 3 }), { title: 'Twilight witch private', tags: 'gothic', consent: 'false' })).json().contribution;
    for (const a of [shown, hidden]) await t.app.inject({ method: 'POST', url: `/api/art/review/${a.id}`, headers: auth, payload: { decision: 'approve' } });
    const ctx = { db: t.database.db } as unknown as AppContext;
    const found = await listReferenceArtworks(ctx, { q: 'twilight' });
    expect(found.map((r) => r.id)).toEqual([shown.id]);
    expect((await listReferenceArtworks(ctx, { q: 'GOTHIC witch' })).map((r) => r.id)).toEqual([shown.id]);
    expect(await listReferenceArtworks(ctx, { q: '100%_' })).toEqual([]);
    const viaApi = (await t.app.inject({ url: '/api/art/references?q=witch' })).json().results;
    expect(viaApi.map((r: { id: string }) => r.id)).toEqual([shown.id]);
    // Its image is public (cacheable) now; the one without consent is never listed and stays private.
    const shownFile = await t.app.inject({ url: viaApi[0].imageUrl });
    expect(shownFile.headers['cache-control']).toContain('public');
    expect((await t.app.inject({ url: hidden.imageUrl })).headers['cache-control']).toContain('private');
    expect(JSON.stringify(await listReferenceArtworks(ctx, {}))).not.toContain(hidden.id);
    expect((await t.app.inject({ url: '/api/art/files/../../etc/passwd' })).statusCode).toBe(404);
  });
});
