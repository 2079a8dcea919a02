import { describe, expect, it } from 'vitest';
import { Compositor } from './compositor.js';
import { PaintEngine } from './engine.js';
import { depths, moveItem, normalizeStack } from './groups.js';
import { documentFromJSON, documentToJSON } from './io.js';
import { diffCount, drawStroke, fillLayer, line } from './test/helpers.js';

const W = 120;
const H = 80;
const names = (e: PaintEngine) => e.document.layers.map((l) => `${l.name}${l.parentId ? `<${e.document.layer(l.parentId).name}` : ''}`);

/** Paper, then two painted layers A and B (multiply). */
function painted() {
  const e = new PaintEngine({ width: W, height: H, background: { r: 255, g: 255, b: 255, a: 255 } });
  const paper = e.document.activeLayerId;
  fillLayer(e, paper, 240, 220, 200);
  const a = e.addLayer('A');
  e.setColor('#2040e0');
  e.setBrush({ size: 30, opacity: 100, hardness: 100 });
  drawStroke(e, line(10, 40, 110, 40, 10));
  const b = e.addLayer('B');
  e.setColor('#e04020');
  drawStroke(e, line(60, 5, 60, 75, 10));
  e.setLayerProps(b, { blendMode: 'multiply' });
  return { e, paper, a, b };
}

/** The same two layers put in a group G. */
function grouped() {
  const { e, paper, a, b } = painted();
  const g = e.groupLayer(a, 'G');
  e.moveItem(b, 'down'); // B meets the group below it and goes in as its top child
  return { e, paper, a, b, g };
}

const composite = (e: PaintEngine) => new Compositor().compositeRect(e.document, { x: 0, y: 0, width: W, height: H }, { background: e.background }).data;
const worst = (x: ArrayLike<number>, y: ArrayLike<number>) => {
  let w = 0;
  for (let i = 0; i < x.length; i++) w = Math.max(w, Math.abs((x[i] as number) - (y[i] as number)));
  return w;
};

describe('layer groups', () => {
  it('nest in stack order: a group sits above its layers, moves go in and out of groups', () => {
    const { e, b, g } = grouped();
    expect(names(e)).toEqual(['Background', 'A<G', 'B<G', 'G']);
    expect(e.getSnapshot().layers.map((l) => l.depth)).toEqual([0, 1, 1, 0]);
    e.moveItem(b, 'up'); // at the top of its group: leaves it, above the group
    expect(names(e)).toEqual(['Background', 'A<G', 'G', 'B']);
    const inner = e.groupLayer(g, 'Outer');
    expect(names(e)).toEqual(['Background', 'A<G', 'G<Outer', 'Outer', 'B']);
    expect(depths(e.document.layers).get(e.document.layers[1]!.id)).toBe(2);
    e.undo();
    e.undo();
    expect(names(e)).toEqual(['Background', 'A<G', 'B<G', 'G']);
    e.redo();
    e.redo();
    expect(names(e)).toEqual(['Background', 'A<G', 'G<Outer', 'Outer', 'B']);
    expect(e.ungroupLayer(inner).ok).toBe(true);
    expect(names(e)).toEqual(['Background', 'A<G', 'G', 'B']);
    expect(moveItem(e.document.layers, e.document.layers[0]!.id, 'down')).toBeNull(); // already at the bottom
    // moving by index keeps a layer in its group and the group order valid
    const a = e.document.layers[1]!;
    e.moveLayer(a.id, 3);
    expect(names(e)).toEqual(['Background', 'A<G', 'G', 'B']);
    e.moveLayer(b, 0);
    expect(names(e)).toEqual(['B', 'Background', 'A<G', 'G']);
  });

  it('drag and drop: above or below any layer (joining its group), inside a group, never into itself', () => {
    const { e, paper, a, b, g } = grouped();
    expect(e.placeItem(b, paper, 'below').ok).toBe(true); // out of the group, under everything
    expect(names(e)).toEqual(['B', 'Background', 'A<G', 'G']);
    expect(e.placeItem(b, g, 'inside').ok).toBe(true); // back in, as the group's top layer
    expect(names(e)).toEqual(['Background', 'A<G', 'B<G', 'G']);
    expect(e.placeItem(paper, a, 'above').ok).toBe(true); // next to a layer inside the group: into the group
    expect(names(e)).toEqual(['A<G', 'Background<G', 'B<G', 'G']);
    const outer = e.groupLayer(g, 'Outer');
    expect(e.placeItem(outer, a, 'above').ok).toBe(false); // a group cannot go inside itself
    expect(e.placeItem(g, g, 'below').ok).toBe(false);
    expect(e.placeItem(b, a, 'inside').ok).toBe(false); // a layer holds nothing
    expect(names(e)).toEqual(['A<G', 'Background<G', 'B<G', 'G<Outer', 'Outer']);
    expect(e.placeItem(g, outer, 'above').ok).toBe(true); // the whole group moves, with its layers
    expect(names(e)).toEqual(['Outer', 'A<G', 'Background<G', 'B<G', 'G']);
    e.undo(); // one step
    expect(names(e)).toEqual(['A<G', 'Background<G', 'B<G', 'G<Outer', 'Outer']);
  });

  it('composites a group on its own, then with its opacity and mode: like merging its layers first', () => {
    const { e, a, g } = grouped();
    e.setLayerProps(g, { opacity: 50, blendMode: 'multiply' });
    e.render();
    const withGroup = composite(e);
    expect(worst(withGroup, e.output.data)).toBeLessThanOrEqual(1); // live view = export
    // the same picture built by hand: B merged into A, then A at 50 % multiply
    const { e: flat, a: a2, b: b2 } = painted();
    flat.mergeDown(b2);
    flat.setLayerProps(a2, { opacity: 50, blendMode: 'multiply' });
    expect(worst(withGroup, composite(flat))).toBeLessThanOrEqual(2);
    // hiding the group hides its layers; the group's layers alone would differ
    e.setLayerProps(g, { visible: false });
    e.render();
    const paperOnly = e.output.data;
    expect(Array.from(paperOnly.subarray(((40 * W) + 60) * 4, ((40 * W) + 60) * 4 + 3))).toEqual([240, 220, 200]);
    e.setActiveLayer(a); // visible itself, but in a hidden group: no drawing blind
    expect(e.beginStroke({ x: 1, y: 1, pressure: 1, time: 0, pointerType: 'mouse' })).toEqual({ ok: false, reason: 'hidden' });
    e.setActiveLayer(g);
    expect(e.beginStroke({ x: 1, y: 1, pressure: 1, time: 0, pointerType: 'mouse' })).toEqual({ ok: false, reason: 'group' });
  });

  it('painting inside a group: the live view matches the composite during and after the stroke', () => {
    const { e, a, g } = grouped();
    e.setLayerProps(g, { opacity: 70, blendMode: 'screen' });
    e.setActiveLayer(a);
    e.render();
    e.setColor('#10a030');
    e.beginStroke({ x: 5, y: 10, pressure: 1, time: 0, pointerType: 'mouse' }, { seed: 2 });
    e.extendStroke(line(5, 10, 115, 70, 20).slice(1));
    e.render();
    const live = new Compositor().compositeRect(e.document, { x: 0, y: 0, width: W, height: H }, { background: e.background, preview: e.currentStroke, focusLayerId: a });
    expect(worst(live.data, e.output.data)).toBeLessThanOrEqual(1);
    e.endStroke();
    e.render();
    expect(worst(composite(e), e.output.data)).toBeLessThanOrEqual(1);
    e.undo();
    e.render();
    expect(worst(composite(e), e.output.data)).toBeLessThanOrEqual(1);
  });

  it('survives save and load (JSON), duplicate and delete of a whole group', () => {
    const { e, g } = grouped();
    e.setLayerProps(g, { opacity: 40 });
    const back = documentFromJSON(documentToJSON(e.document));
    expect(back.layers.map((l) => [l.name, l.group, l.parentId])).toEqual(e.document.layers.map((l) => [l.name, l.group, l.parentId]));
    expect(back.layer(g).opacity).toBe(40);
    expect(diffCount(composite(new PaintEngine({ document: back, background: e.background })), composite(e))).toBe(0);
    const copy = e.duplicateLayer(g);
    expect(names(e)).toEqual(['Background', 'A<G', 'B<G', 'G', 'A<G copy', 'B<G copy', 'G copy']);
    expect(e.deleteLayer(copy).ok).toBe(true);
    expect(names(e)).toEqual(['Background', 'A<G', 'B<G', 'G']);
    e.undo();
    expect(e.document.layers).toHaveLength(7);
    // out-of-order or dangling parents from a file are put right
    const l = e.document.layers;
    const fixed = normalizeStack([l[3]!, l[0]!, l[1]!, l[2]!]);
    expect(fixed.map((x) => x.name)).toEqual(['A', 'B', 'G', 'Background']); // children right below their group
  });

  it('pass-through groups blend their layers straight onto the backdrop; opacity fades that result', () => {
    // paper, A (normal), then G holding B (multiply); C (screen) above B inside G
    const { e, a, b, g } = grouped();
    e.setActiveLayer(b);
    const c = e.addLayer('C');
    e.setColor('#30c0a0');
    drawStroke(e, line(10, 20, 110, 70, 10));
    e.setLayerProps(c, { blendMode: 'screen', opacity: 70 });
    expect(e.document.layer(c).parentId).toBe(g);
    const isolated = composite(e);
    expect(e.setLayerProps(g, { passThrough: true }).ok).toBe(true);
    expect(e.setLayerProps(a, { passThrough: true }).ok).toBe(false); // only groups pass through
    const through = composite(e);
    expect(diffCount(through, isolated)).toBeGreaterThan(0); // multiply now reaches the paper below the group
    // at full opacity: the same picture as the layers not grouped at all
    const flat = new PaintEngine({ document: documentFromJSON(documentToJSON(e.document)), background: e.background });
    expect(flat.document.layer(g).passThrough).toBe(true); // kept in the saved drawing
    for (const id of [a, b, c]) flat.placeItem(id, g, 'below'); // out of the group, order kept
    expect(worst(composite(flat), through)).toBeLessThanOrEqual(1);
    // faded: backdrop + 40 % of the change the group's layers make to it (opaque paper: straight = premultiplied)
    e.setLayerProps(g, { visible: false });
    const backdrop = composite(e);
    e.setLayerProps(g, { visible: true, opacity: 40 });
    const faded = composite(e);
    let off = 0;
    for (let i = 0; i < faded.length; i++) off = Math.max(off, Math.abs(faded[i]! - (backdrop[i]! + 0.4 * (through[i]! - backdrop[i]!))));
    expect(off).toBeLessThanOrEqual(1.5);
    // the live view (cached below/above, or uncached when the faded group wraps the active layer) is exact
    for (const active of [a, b, c]) {
      e.setActiveLayer(active);
      e.setColor('#804020');
      e.beginStroke({ x: 5, y: 5, pressure: 1, time: 0, pointerType: 'mouse' }, { seed: 2 });
      e.extendStroke(line(5, 5, 115, 75, 12).slice(1));
      e.render();
      const live = new Compositor().compositeRect(e.document, { x: 0, y: 0, width: W, height: H }, { background: e.background, preview: e.currentStroke, focusLayerId: active });
      expect(worst(live.data, e.output.data)).toBeLessThanOrEqual(1);
      e.endStroke();
      e.render();
      expect(worst(composite(e), e.output.data)).toBeLessThanOrEqual(1);
    }
    for (let i = 0; i < 3; i++) e.undo(); // the three strokes
    e.undo(); // shown again at 40 %
    e.undo(); // hidden
    e.undo(); // pass through
    expect(e.document.layer(g).passThrough).toBe(false);
    expect(worst(composite(e), isolated)).toBeLessThanOrEqual(0);
  });
});
