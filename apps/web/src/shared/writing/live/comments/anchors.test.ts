import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { makeAnchor, resolveAnchor } from './anchors';

/** Two replicas of one shared text, exchanging updates the way the server relays them. */
function pair(initial: string) {
  const a = new Y.Doc();
  a.getText('content').insert(0, initial);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const sync = () => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  };
  return { a, b, sync };
}

const commented = (doc: Y.Doc, anchor: ReturnType<typeof makeAnchor>['anchor']) => {
  const r = resolveAnchor(doc, anchor)!;
  return doc.getText('content').toString().slice(r.from, r.to);
};

describe('comment anchors', () => {
  it('follow their words through concurrent edits on another replica', () => {
    const { a, b, sync } = pair('Yields rose in the second plot after watering.');
    const text = a.getText('content');
    const at = text.toString().indexOf('second plot');
    const { anchor, quote } = makeAnchor(text, at, at + 'second plot'.length);
    expect(quote).toBe('second plot');
    // Someone else types above and inside the comment while this replica deletes after it.
    b.getText('content').insert(0, 'In 2026, ');
    b.getText('content').insert(b.getText('content').toString().indexOf('plot'), 'north ');
    text.delete(text.toString().indexOf(' after watering'), ' after watering'.length);
    sync();
    expect(a.getText('content').toString()).toBe(b.getText('content').toString());
    expect(commented(a, anchor)).toBe('second north plot');
    expect(commented(b, anchor)).toBe('second north plot');
  });

  it('leave text typed at either edge outside the comment', () => {
    const doc = new Y.Doc();
    const text = doc.getText('content');
    text.insert(0, 'one two three');
    const { anchor } = makeAnchor(text, 4, 7);
    text.insert(7, '!');
    text.insert(4, '>');
    expect(commented(doc, anchor)).toBe('two');
  });

  it('collapse to an empty range once their text is deleted, and refuse what is not an anchor', () => {
    const doc = new Y.Doc();
    const text = doc.getText('content');
    text.insert(0, 'keep this, drop that');
    const { anchor } = makeAnchor(text, 11, 20);
    text.delete(9, 11);
    const r = resolveAnchor(doc, anchor)!;
    expect(r.to - r.from).toBe(0);
    expect(resolveAnchor(doc, { start: 'AAAA', end: '////' })).toBeNull();
  });
});
