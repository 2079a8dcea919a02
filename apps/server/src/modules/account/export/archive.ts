import { ZipArchive, type Archiver } from 'archiver';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { isBlendMode } from '@yumi/paint';
import type { AppContext } from '../../../context';
import { archivesPage } from '../../ai';
import { findUserById } from '../../auth';
import { getBalance, ledgerHistory, purchaseHistory } from '../../billing';
import { characterIdsOf, findCharacter, findVersion, versionIdsOf } from '../../characters';
import { commentsByAuthor } from '../../comments';
import { documentsPage } from '../../documents';
import { namedVersionsPage } from '../../history';
import { resultsAfter } from '../../images';
import { findPreferences } from '../../preferences';
import { storedReportMeta } from '../../report';
import { HttpError } from '../../../lib/http-error';
import { ACCOUNT_MESSAGES } from '../messages';
import { asBuffer } from '../../../workers/pool';
import type { PsdInput, PsdLayerInput } from './psd';

/** Exports running at once in this process; more wait for a minute (503) rather than pile up. */
const MAX_RUNNING = 2;
/** Per user: an export reads everything they have, so it is not something to repeat in a loop. */
const PER_USER = { limit: 5, windowSeconds: 3600 } as const;
/**
 * A version's PSD needs width x height x layers x 4 bytes at once: above this (256 MB) the PSD is left out
 * and the manifest says so; the layer PNGs are always there.
 */
const PSD_MAX_PIXELS = 64 * 1024 * 1024;
/** Rows read per query, so a large account is streamed, never held whole. */
const PAGE = 50;

let running = 0;

/** A file name part from a user's title: no path characters, bounded, never empty. */
function slug(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function dataUrlImage(url: string): { data: Buffer; ext: string } | null {
  const match = /^data:image\/(png|jpeg|webp|gif);base64,(.*)$/s.exec(url);
  if (!match) return null;
  return { data: Buffer.from(match[2]!, 'base64'), ext: match[1] === 'jpeg' ? 'jpg' : match[1]! };
}

/** Full-canvas RGBA of a stored layer PNG (one of another size is placed at the top left, cut to the canvas). */
async function layerPixels(png: Buffer, width: number, height: number): Promise<Uint8Array> {
  const meta = await sharp(png).metadata();
  const w = Math.min(width, meta.width ?? width);
  const h = Math.min(height, meta.height ?? height);
  const input = w === meta.width && h === meta.height ? png : await sharp(png).extract({ left: 0, top: 0, width: w, height: h }).png().toBuffer();
  const data = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input, left: 0, top: 0 }])
    .raw()
    .toBuffer();
  // A copy: sharp's buffer is native memory, which Node 24 refuses to transfer to the PSD thread.
  return new Uint8Array(data);
}

/**
 * The signed-in user's data as one zip, streamed: account.json, documents (Markdown + JSON) and their named
 * versions, comments, reports with references and figures, characters with every version's layers as PNG and
 * PSD, gallery images, chat archives, purchases and the ledger. One entry is in memory at a time; PSDs are
 * made on worker threads.
 */
export async function exportArchive(ctx: AppContext, userId: string): Promise<{ stream: Readable; filename: string }> {
  await ctx.rateLimits.hit(`export:${userId}`, PER_USER.limit, PER_USER.windowSeconds);
  if (running >= MAX_RUNNING) throw new HttpError(503, 'EXPORT_BUSY', ACCOUNT_MESSAGES.exportBusy, undefined, { 'retry-after': '60' });
  running += 1;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const done = () => {
    running -= 1;
  };
  zip.once('end', done);
  zip.once('error', done);
  const filename = `yumi-studio-export-${ctx.clock.now().toISOString().slice(0, 10)}.zip`;
  void fill(ctx, userId, zip).catch((err: unknown) => {
    ctx.log.error({ err }, 'data export failed');
    zip.destroy(err as Error);
  });
  return { stream: zip, filename };
}

/** One version's PSD on the CPU pool; the layer buffers are moved to the thread, not copied. The export has its own bound (MAX_RUNNING), so it waits for a thread. */
async function versionPsdOffThread(ctx: AppContext, input: PsdInput): Promise<Buffer> {
  const transferList = input.layers.flatMap((l) => (l.rgba ? [l.rgba.buffer as ArrayBuffer] : []));
  return asBuffer(await ctx.cpu.run('psd', input, { wait: true, transferList }));
}

async function fill(ctx: AppContext, userId: string, zip: Archiver): Promise<void> {
  const db = ctx.db;
  /** Adds one entry and waits until the archive took it, so entries never pile up in memory. */
  const add = async (name: string, data: string | Buffer, store = false) => {
    const taken = once(zip, 'entry');
    zip.append(data, { name, store, date: ctx.clock.now() });
    await taken;
  };
  const skipped: Array<{ path: string; reason: string }> = [];

  // Each module reads its own tables (docs/architecture.md, "Tables"); this file only lays out the archive.
  const user = await findUserById(db, userId);
  if (!user) throw new Error('no such user');
  const prefs = await findPreferences(db, userId);
  const balance = await getBalance(ctx, userId);
  await add(
    'account.json',
    json({
      id: user.id,
      email: user.email,
      username: user.username,
      createdAt: iso(user.createdAt),
      twoStepSignIn: !!user.totpEnabledAt,
      timeshards: balance,
      launcherPreferences: prefs?.data ?? null,
    }),
  );

  // Documents: writing as Markdown files; reports in a folder with their references and figures.
  const docIndex: unknown[] = [];
  const versionIndex: unknown[] = [];
  for (let after: string | null = null; ; ) {
    const page = await documentsPage(db, userId, after, PAGE);
    for (const doc of page) {
      const base = `${slug(doc.title, doc.kind)}-${doc.id.slice(0, 8)}`;
      const info = { id: doc.id, kind: doc.kind, title: doc.title, version: doc.version, words: doc.words, hashtags: doc.hashtags, createdAt: iso(doc.createdAt), updatedAt: iso(doc.updatedAt) };
      if (doc.kind === 'report') {
        const dir = `reports/${base}`;
        await add(`${dir}/report.md`, doc.content);
        const m = ((await storedReportMeta(db, doc.id)) ?? {}) as { references?: unknown[]; style?: string; figures?: Array<{ id: string; caption?: string; image?: string }> };
        await add(`${dir}/references.json`, json(m.references ?? []));
        const figures = [];
        for (const [i, figure] of (m.figures ?? []).entries()) {
          const image = figure.image ? dataUrlImage(figure.image) : null;
          const file = image ? `figures/${String(i + 1).padStart(2, '0')}-${slug(figure.id, 'figure')}.${image.ext}` : null;
          if (image && file) await add(`${dir}/${file}`, image.data, true);
          figures.push({ id: figure.id, caption: figure.caption ?? '', file });
        }
        await add(`${dir}/report.json`, json({ ...info, citationStyle: m.style ?? 'apa', figures }));
        docIndex.push({ ...info, path: `${dir}/report.md` });
      } else {
        await add(`documents/${base}.md`, doc.content);
        docIndex.push({ ...info, path: `documents/${base}.md` });
      }
      // Named versions are the ones someone chose to keep (the automatic ones are the history of the text above).
      for (let afterVersion: string | null = null; ; ) {
        const versions = await namedVersionsPage(db, doc.id, afterVersion, PAGE);
        for (const v of versions) {
          const path = `versions/${base}/${v.createdAt.toISOString().replace(/[:.]/g, '-')}-${slug(v.name ?? '', 'version')}.md`;
          await add(path, v.content);
          versionIndex.push({ id: v.id, documentId: doc.id, name: v.name, chars: v.chars, createdAt: iso(v.createdAt), path });
        }
        if (versions.length < PAGE) break;
        afterVersion = versions.at(-1)!.id;
      }
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  await add('documents.json', json(docIndex));
  await add('versions.json', json(versionIndex));

  // Comments the user wrote, on their own documents and on those shared with them (a thread's opening carries
  // its quote; a suggestion's also the text it proposes and whether it was accepted or rejected).
  const comments: unknown[] = [];
  for (let after: string | null = null; ; ) {
    const page = await commentsByAuthor(db, userId, after, PAGE);
    for (const c of page) {
      const { id, documentId, threadId, quote, body, suggestion, outcome } = c;
      comments.push({ id, documentId, threadId, quote, body, suggestion, outcome, resolvedAt: iso(c.resolvedAt), createdAt: iso(c.createdAt) });
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  await add('comments.json', json(comments));

  // Characters: every version, each layer as the stored PNG, and a layered PSD made off the event loop.
  const characterIndex: unknown[] = [];
  for (const id of await characterIdsOf(db, userId)) {
    const c = await findCharacter(db, id);
    if (!c) continue;
    const dir = `characters/${slug(c.name, 'character')}-${c.id.slice(0, 8)}`;
    const versionInfo = [];
    for (const versionId of await versionIdsOf(db, c.id)) {
      const v = await findVersion(db, c.id, versionId);
      if (!v) continue;
      const vdir = `${dir}/versions/${String(v.seq).padStart(2, '0')}-${slug(v.name, 'version')}`;
      const { width, height } = v.canvas;
      const layerFiles = [];
      const psdLayers: PsdLayerInput[] = [];
      const psdFits = width * height * v.canvas.layers.length <= PSD_MAX_PIXELS;
      for (const [i, layer] of v.canvas.layers.entries()) {
        const stored = layer.blobKey ? await ctx.blobs.get(layer.blobKey) : null;
        const file = stored ? `layers/${String(i + 1).padStart(2, '0')}-${slug(layer.name, 'layer')}.png` : null;
        if (stored && file) await add(`${vdir}/${file}`, stored.data, true);
        layerFiles.push({ name: layer.name, visible: layer.visible, opacity: layer.opacity, blendMode: layer.blendMode, locked: layer.locked, file });
        if (psdFits) {
          const extra = layer as { alphaLock?: boolean; clipping?: boolean; group?: boolean; passThrough?: boolean; parent?: number | null };
          psdLayers.push({
            // groups nest in the PSD as they did in the drawing
            group: !!extra.group,
            passThrough: !!extra.passThrough,
            parentId: extra.parent != null ? `layer-${extra.parent + 1}` : null,
            name: layer.name,
            visible: layer.visible,
            opacity: layer.opacity,
            blendMode: isBlendMode(layer.blendMode) ? layer.blendMode : 'normal',
            locked: layer.locked,
            alphaLock: !!extra.alphaLock,
            clipping: !!extra.clipping && i > 0,
            rgba: stored ? await layerPixels(stored.data, width, height) : null,
          });
        }
      }
      const psdName = `${slug(v.name, 'version')}.psd`;
      if (psdFits && psdLayers.length > 0) await add(`${vdir}/${psdName}`, await versionPsdOffThread(ctx, { width, height, layers: psdLayers }), true);
      else skipped.push({ path: `${vdir}/${psdName}`, reason: `canvas too large for a PSD in the export (${width}x${height}, ${v.canvas.layers.length} layers)` });
      await add(`${vdir}/version.json`, json({ id: v.id, seq: v.seq, name: v.name, description: v.description, metadata: v.metadata, width, height, createdAt: iso(v.createdAt), layers: layerFiles }));
      versionInfo.push({ id: v.id, seq: v.seq, name: v.name, path: vdir });
    }
    await add(`${dir}/character.json`, json({ id: c.id, name: c.name, tags: c.tags, brief: c.brief, activeVersionId: c.activeVersionId, createdAt: iso(c.createdAt), lastModified: iso(c.lastModified), versions: versionInfo }));
    characterIndex.push({ id: c.id, name: c.name, path: dir });
  }
  await add('characters.json', json(characterIndex));

  // Gallery images from the Image studio, with their prompts and settings.
  const imageIndex: unknown[] = [];
  for (let after = 0; ; ) {
    const page = await resultsAfter(db, userId, after, PAGE);
    for (const img of page) {
      const stored = await ctx.blobs.get(img.blobKey);
      const ext = stored?.contentType === 'image/jpeg' ? 'jpg' : stored?.contentType === 'image/webp' ? 'webp' : 'png';
      const file = stored ? `images/${String(img.seq).padStart(6, '0')}-${img.id.slice(0, 8)}.${ext}` : null;
      if (stored && file) await add(file, stored.data, true);
      imageIndex.push({ id: img.id, file, prompt: img.prompt, negativePrompt: img.negativePrompt, width: img.width, height: img.height, seed: img.seed, provider: img.provider, model: img.model, params: img.params, createdAt: iso(img.createdAt) });
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.seq;
  }
  await add('images.json', json(imageIndex));

  // Assistant chat archives, one file each.
  for (let after: string | null = null; ; ) {
    const page = await archivesPage(db, userId, after, PAGE);
    for (const chat of page) {
      await add(
        `chats/${chat.createdAt.toISOString().slice(0, 10)}-${chat.id.slice(0, 8)}.json`,
        json({ id: chat.id, title: chat.title, provider: chat.provider, model: chat.model, mode: chat.mode, personality: chat.personality, createdAt: iso(chat.createdAt), updatedAt: iso(chat.updatedAt), messages: chat.messages }),
      );
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }

  // The books: purchases and every ledger entry.
  const bought = await purchaseHistory(db, userId);
  await add(
    'billing/purchases.json',
    json(bought.map((p) => ({ id: p.id, provider: p.provider, method: p.method, kind: p.kind, item: p.itemId, timeshards: Number(p.tokens), amountCents: p.amountCents, currency: p.currency, status: p.status, createdAt: iso(p.createdAt), paidAt: iso(p.paidAt) }))),
  );
  const ledger = await ledgerHistory(db, userId);
  await add('billing/ledger.json', json(ledger.map((l) => ({ id: l.id, delta: Number(l.delta), reason: l.reason, source: l.sourceType, createdAt: iso(l.createdAt) }))));

  await add('manifest.json', json({ format: 'yumi-studio-export', version: 1, exportedAt: ctx.clock.now().toISOString(), userId, skipped }));
  await zip.finalize();
}
