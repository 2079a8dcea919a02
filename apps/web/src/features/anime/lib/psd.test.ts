import { Compositor, PaintEngine, type PaintDocument } from '@yumi/paint';
import { writeDocumentPsd } from '@yumi/paint/psd';
import { initializeCanvas, readPsd } from 'ag-psd';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPsdFile } from './psd';

// Node has no canvas: ag-psd reads pixels into plain image data (the browser has ImageData).
initializeCanvas(
  () => {
    throw new Error('no canvas in Node');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as never,
);

/** Paper; group "Hair" (multiply, 60 %) holding "Base" and "Shade" clipped to it; "Sketch" on top. */
function drawing(): PaintEngine {
  const e = new PaintEngine({ width: 64, height: 48 });
  const fill = (id: string, x: number, y: number, w: number, h: number, rgba: number[]) =>
    e.applyPixels(id, { x, y, width: w, height: h }, new Uint8ClampedArray(w * h * 4).map((_, i) => rgba[i % 4]!));
  fill(e.document.activeLayerId, 0, 0, 64, 48, [250, 245, 235, 255]);
  const base = e.addLayer('Base');
  fill(base, 8, 8, 40, 30, [200, 60, 40, 255]);
  const shade = e.addLayer('Shade');
  fill(shade, 20, 0, 40, 48, [20, 20, 120, 200]);
  e.setLayerProps(shade, { clipping: true });
  const hair = e.groupLayer(base, 'Hair');
  e.moveItem(shade, 'down');
  e.setLayerProps(hair, { blendMode: 'multiply', opacity: 60 });
  e.addLayer('Sketch');
  return e;
}

/** The largest channel difference between the composites of two drawings of the test's size. */
function worstDiff(x: PaintDocument, y: PaintDocument): number {
  const area = { x: 0, y: 0, width: 64, height: 48 };
  const a = new Compositor().compositeRect(x, area).data;
  const b = new Compositor().compositeRect(y, area).data;
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('PSD groups', () => {
  it('writes groups as nested PSD folders with their mode and opacity', () => {
    const psd = readPsd(writeDocumentPsd(drawing().document).buffer as ArrayBuffer, { skipThumbnail: true, skipLayerImageData: true, skipCompositeImageData: true });
    const names = (psd.children ?? []).map((l) => l.name);
    expect(names).toEqual(['Background', 'Hair', 'Sketch']);
    const hair = psd.children![1]!;
    expect(hair.children?.map((l) => [l.name, Boolean(l.clipping)])).toEqual([
      ['Base', false],
      ['Shade', true],
    ]);
    expect(hair.blendMode).toBe('multiply');
    expect(hair.opacity).toBeCloseTo(0.6, 2);
  });

  it('reads them back as the same groups, and the picture is the same', async () => {
    const e = drawing();
    const bytes = writeDocumentPsd(e.document);
    const doc = await readPsdFile(new File([bytes as Uint8Array<ArrayBuffer>], 'hair.psd'));
    const shape = (layers: typeof doc.layers) => layers.map((l) => [l.name, l.group, l.parentId ? layers.find((p) => p.id === l.parentId)!.name : null, l.blendMode, l.opacity, l.clipping]);
    expect(shape(doc.layers)).toEqual(shape(e.document.layers));
    expect(worstDiff(e.document, doc)).toBeLessThanOrEqual(1);
  });

  it('a pass-through group is written as PSD "pass through" and read back as one, the picture unchanged', async () => {
    const e = drawing();
    const hair = e.document.layers.find((l) => l.name === 'Hair')!.id;
    e.setLayerProps(hair, { passThrough: true, opacity: 70 });
    const bytes = writeDocumentPsd(e.document);
    const psd = readPsd(bytes.buffer as ArrayBuffer, { skipThumbnail: true, skipLayerImageData: true, skipCompositeImageData: true });
    expect(psd.children![1]).toMatchObject({ name: 'Hair', blendMode: 'pass through' });
    expect(psd.children![1]!.opacity).toBeCloseTo(0.7, 2);
    const doc = await readPsdFile(new File([bytes as Uint8Array<ArrayBuffer>], 'hair.psd'));
    const back = doc.layers.find((l) => l.name === 'Hair')!;
    expect([back.group, back.passThrough, back.opacity, back.blendMode]).toEqual([true, true, 70, 'normal']);
    expect(doc.layers.filter((l) => !l.group).every((l) => !l.passThrough)).toBe(true);
    expect(worstDiff(e.document, doc)).toBeLessThanOrEqual(1);
  });

  // psd-tools (Debian python3-psd-tools) composites PSD groups on its own: the reference where it is installed
  const python = ['/usr/bin/python3', 'python3'].find((py) => spawnSync(py, ['-c', 'import psd_tools'], { stdio: 'ignore' }).status === 0);
  it.skipIf(!python)('psd-tools composites our pass-through and normal groups as we do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yumi-psd-'));
    const cases = [[true, 100], [true, 60], [false, 60]] as const;
    try {
      cases.forEach(([passThrough, opacity], i) => {
        const e = drawing();
        const hair = e.document.layers.find((l) => l.name === 'Hair')!.id;
        // a multiply layer reaching past Base: pass-through multiplies the paper, a normal group cannot
        const shade = e.document.layers.find((l) => l.name === 'Shade')!.id;
        e.setLayerProps(shade, { clipping: false, blendMode: 'multiply' });
        e.setLayerProps(hair, { passThrough, opacity, blendMode: passThrough ? 'normal' : 'multiply' });
        writeFileSync(join(dir, `${i}.psd`), writeDocumentPsd(e.document));
        writeFileSync(join(dir, `${i}.raw`), e.flatten(100, null).data);
      });
      // one interpreter for all cases (numpy and psd-tools take seconds to import)
      const script = `
import numpy as np, sys, os
from psd_tools import PSDImage
for i in range(int(sys.argv[2])):
    theirs = np.asarray(PSDImage.open(os.path.join(sys.argv[1], f'{i}.psd')).composite(force=True).convert('RGBA'), dtype=np.int16)
    ours = np.fromfile(os.path.join(sys.argv[1], f'{i}.raw'), dtype=np.uint8).reshape(theirs.shape).astype(np.int16)
    print(int(np.abs(theirs - ours).max()))`;
      const run = spawnSync(python!, ['-c', script, dir, String(cases.length)], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      // the largest channel difference per case: within rounding
      expect(run.stdout.trim().split('\n').map(Number)).toEqual(cases.map(() => expect.any(Number)));
      for (const d of run.stdout.trim().split('\n').map(Number)) expect(d).toBeLessThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

