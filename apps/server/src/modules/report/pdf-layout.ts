import { bidiParagraph, hasRtl, mirrored, visualOrder, type BidiParagraph } from '@yumi/core/report/bidi';
import { MATH_EX_PER_EM, MathError, texToSvg } from '@yumi/core/report/math';
import SVGtoPDF from 'svg-to-pdfkit';
import { FALLBACK_FAMILIES, fontFileFor, hasGlyph, joinsPrevious, pdfFont, type CjkFamily, type LatinFamily } from './fonts';

/**
 * A small line-layout engine on top of pdfkit: words, CJK characters and inline math boxes are laid out
 * on shared baselines, greedily broken into lines and optionally justified. pdfkit's own text flow cannot
 * mix SVG math into a line, and picks one font per call, so we place every piece ourselves. Every
 * paragraph is one tagged structure element (P, H1, TD...), so the PDF reads in order with a screen reader.
 * Right-to-left text is ordered per line by the Unicode Bidirectional Algorithm (UAX #9, bidi-js): lines
 * are broken in reading order, then each line's runs are placed in display order; a paragraph whose first
 * strong character is right to left starts at the right.
 */

export interface Style {
  size: number;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  colour?: string;
  /** A URL: the text becomes a clickable link. */
  link?: string;
  /** Raised above the baseline by this much (a note number). */
  rise?: number;
}

/** `at`: offset of the atom's first character in its paragraph's text, when the paragraph has right-to-left text. */
type Atom =
  | { t: 'text'; text: string; font: string; size: number; colour: string; w: number; space: number; glyphW?: number; link?: string; rise?: number; at?: number }
  | { t: 'math'; svg: string; tex: string; w: number; h: number; depth: number; space: number; at?: number };
type TextAtom = Extract<Atom, { t: 'text' }>;

const HANGUL = /\p{Script=Hangul}/u;
/** Characters beyond which a word cannot fit a line at any size we set. */
const LONG_RUN = 200;
const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Text that fontkit lays out right to left by itself: its first letter of a definite script is of a right-to-left script. */
const SHAPED_RTL = /^[\p{Script=Common}\p{Script=Inherited}]*[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Where a paragraph's structure element goes (pdfkit's structure tree). */
type StructParent = PDFKit.PDFStructureElement;

export class Layout {
  readonly registered = new Set<string>();
  cjkOrder: CjkFamily[] = ['sc', 'jp', 'kr'];
  private pending: Atom[] = [];
  private pendingSpace = false;
  mathErrors: string[] = [];
  /** Font file per code point and style, so each character's subset is looked up once per document. */
  private readonly fontCache = new Map<number, string>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    /** Text family of the body (sans, or serif for the academic format); code is in mono. */
    readonly family: Exclude<LatinFamily, 'mono'>,
    /** Structure element that paragraphs are added to. */
    public structParent: StructParent,
  ) {}

  /** The embedded font (registered under its file path) for a character in a style. */
  fontFor(cp: number, style: Pick<Style, 'bold' | 'italic' | 'mono'>): string {
    const key = cp * 8 + (style.bold ? 4 : 0) + (style.italic ? 2 : 0) + (style.mono ? 1 : 0);
    let file = this.fontCache.get(key);
    if (file === undefined) {
      // Hangul only in the Korean font; Han and kana by the document's language.
      const cjk: CjkFamily[] = cp >= 0x1100 && HANGUL.test(String.fromCodePoint(cp)) ? ['kr', 'jp', 'sc'] : this.cjkOrder;
      const latin: LatinFamily[] = style.mono ? ['mono', this.family] : [this.family];
      file = fontFileFor(cp, [...latin, ...cjk, ...FALLBACK_FAMILIES], !!style.bold, !!style.italic) ?? fontFileFor(0x41, latin, !!style.bold, !!style.italic)!;
      if (!this.registered.has(file)) {
        // The thread's shared font object (pdfkit takes one in place of the bytes; its types list only bytes).
        this.doc.registerFont(file, pdfFont(file) as unknown as Buffer);
        this.registered.add(file);
      }
      this.fontCache.set(key, file);
    }
    return file;
  }

  /** The Latin font of a style (spaces, numbers). */
  latinFont(style: Pick<Style, 'bold' | 'italic' | 'mono'> = {}): string {
    return this.fontFor(0x20, style);
  }

  private width(text: string, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).widthOfString(text);
  }

  /** Advance widths of single characters, per font and size: each glyph is measured once per document. */
  private readonly glyphWidths = new Map<string, Map<string, number>>();
  private widthsOf(font: string, size: number): (ch: string) => number {
    const key = `${font}\u0000${size}`;
    let widths = this.glyphWidths.get(key);
    if (!widths) this.glyphWidths.set(key, (widths = new Map()));
    const table = widths;
    return (ch) => {
      let w = table.get(ch);
      if (w === undefined) {
        w = this.width(ch, font, size);
        table.set(ch, w);
      }
      return w;
    };
  }

  private glyphSum(text: string, font: string, size: number): number {
    const glyph = this.widthsOf(font, size);
    let w = 0;
    for (const ch of text) w += glyph(ch);
    return w;
  }

  /**
   * The longest head of `text` (at least one character) whose accumulated glyph widths fit `maxW`, in one
   * pass: linear in the head's length, however long the word (re-measuring a growing prefix was quadratic).
   */
  private cutToWidth(text: string, font: string, size: number, maxW: number): { index: number; width: number } {
    const glyph = this.widthsOf(font, size);
    let index = 0;
    let width = 0;
    for (const ch of text) {
      const w = glyph(ch);
      if (index > 0 && width + w > maxW) break;
      width += w;
      index += ch.length;
      if (index >= text.length - 1) break;
    }
    return { index, width };
  }

  /** Adds text to the paragraph being built. */
  text(text: string, style: Style): void {
    const colour = style.colour ?? '#111111';
    for (const piece of text.split(/(\s+)/)) {
      if (!piece) continue;
      if (/^\s+$/.test(piece)) {
        this.pendingSpace = true;
        continue;
      }
      // Split a word into runs of one font, and CJK text into single breakable characters.
      let run = '';
      let runFont = '';
      const flush = (breakable: boolean) => {
        if (!run) return;
        const spaceW = this.pendingSpace ? this.width(' ', this.latinFont(style), style.size) : 0;
        // A word longer than any line is measured by glyph advances (as it will be cut): shaping it whole is slow.
        const glyphW = run.length > LONG_RUN ? this.glyphSum(run, runFont, style.size) : undefined;
        this.pending.push({ t: 'text', text: run, font: runFont, size: style.size, colour, w: glyphW ?? this.width(run, runFont, style.size), glyphW, space: spaceW, link: style.link, rise: style.rise });
        this.pendingSpace = false;
        run = '';
        if (breakable) this.pendingSpace = false;
      };
      for (const ch of piece) {
        const cp = ch.codePointAt(0)!;
        if (joinsPrevious(cp)) {
          // Kept with its emoji when that font has it (a ligature may use it); otherwise invisible, so left out.
          if (runFont && hasGlyph(runFont, cp)) run += ch;
          continue;
        }
        const font = this.fontFor(cp, style);
        const anywhere = BREAK_ANYWHERE.test(ch);
        if (font !== runFont || anywhere) flush(false);
        runFont = font;
        run += ch;
        if (anywhere) {
          flush(true);
          // Mark the next atom as glued (no space) but breakable: a zero-width space.
          this.pending.push({ t: 'text', text: '', font, size: style.size, colour, w: 0, space: 0 });
        }
      }
      flush(false);
    }
  }

  /** Adds inline math as a vector box; invalid TeX is shown as red source text. */
  math(tex: string, size: number): void {
    try {
      const m = texToSvg(tex, false);
      const ex = size * MATH_EX_PER_EM;
      const spaceW = this.pendingSpace ? this.width(' ', this.latinFont(), size) : 0;
      this.pending.push({ t: 'math', svg: m.svg, tex, w: m.widthEx * ex, h: m.heightEx * ex, depth: m.depthEx * ex, space: spaceW });
      this.pendingSpace = false;
    } catch (err) {
      if (err instanceof MathError) {
        this.mathErrors.push(`${tex}: ${err.message}`);
        this.text(`$${tex}$`, { size, mono: true, colour: '#b91c1c' });
      } else throw err;
    }
  }

  space(): void {
    this.pendingSpace = true;
  }

  /**
   * Lays out the pending atoms from the region's cursor and draws them. `region.next()` is called for a
   * new column or page when a line does not fit.
   */
  flushParagraph(region: Region, opts: ParagraphOptions = {}): void {
    const atoms = this.pending;
    this.pending = [];
    this.pendingSpace = false;
    if (!atoms.some((a) => a.w > 0)) return;
    // The paragraph's text is marked content of its element, except a link's: that is marked content of
    // a Link element inside it, beside the link's annotations (PDF/UA), so a reader gets the link's words.
    // pdfkit carries open marked content over page breaks; each is added to its element once closed.
    const tag = opts.tag ?? 'P';
    const bidi = this.bidiOf(atoms, opts.direction);
    const rtl = bidi?.rtl ?? false;
    const elem = this.doc.struct(tag);
    const children: Array<PDFKit.PDFStructureContent | StructParent> = [];
    let text: PDFKit.PDFStructureContent | null = null;
    let link: { href: string; elem: StructParent; content: PDFKit.PDFStructureContent } | null = null;
    const closeLink = () => {
      if (!link) return;
      this.doc.endMarkedContent();
      link.elem.add(link.content);
      link.elem.end();
      link = null;
    };
    const inText = () => {
      closeLink();
      if (!text) children.push((text = this.doc.markStructureContent(tag)));
    };
    const inLink = (href: string) => {
      if (link?.href === href) return link.elem;
      closeLink();
      if (text) this.doc.endMarkedContent();
      text = null;
      const linkElem = this.doc.struct('Link');
      children.push(linkElem);
      link = { href, elem: linkElem, content: this.doc.markStructureContent('Link') };
      return linkElem;
    };
    const indent = opts.indent ?? 0;
    const hanging = opts.hanging ?? 0;
    let i = 0;
    let first = true;
    while (i < atoms.length) {
      const left = first ? indent : indent + hanging;
      const maxW = region.width - left;
      const line: Atom[] = [];
      let w = 0;
      while (i < atoms.length) {
        const a = atoms[i]!;
        const add = (line.length ? a.space : 0) + a.w;
        if (line.length && w + add > maxW) break;
        if (!line.length && a.w > maxW && a.t === 'text' && a.text.length > 1) {
          // A single word longer than the line (a URL, a DNA sequence): cut it to fit, by glyph widths.
          // Widths here are sums of glyph advances (no kerning), so what is left after a cut is known exactly
          // without measuring the rest of the word again.
          const total = a.glyphW ?? this.glyphSum(a.text, a.font, a.size);
          const cut = this.cutToWidth(a.text, a.font, a.size, maxW);
          const head = { ...a, text: a.text.slice(0, cut.index), w: cut.width, glyphW: cut.width };
          const tail = { ...a, text: a.text.slice(cut.index), w: total - cut.width, glyphW: total - cut.width, space: 0, at: a.at === undefined ? undefined : a.at + cut.index };
          atoms[i] = tail;
          atoms.splice(i, 0, head);
          continue;
        }
        line.push(a);
        w += add;
        i += 1;
      }
      while (i < atoms.length && atoms[i]!.t === 'text' && (atoms[i] as { text: string }).text === '' ) i += 1;
      const ascent = Math.max(...line.map((a) => (a.t === 'math' ? a.h - a.depth : a.size * 0.8 + (a.rise ?? 0))), 1);
      const descent = Math.max(...line.map((a) => (a.t === 'math' ? a.depth : a.size * 0.25)), 0);
      const lineH = Math.max(ascent + descent, (line[0] && line[0].t === 'text' ? line[0].size : 10) * 1.05) + (opts.lineGap ?? 3);
      region.ensure(lineH);
      const baseline = region.y + ascent + (lineH - ascent - descent - (opts.lineGap ?? 3)) / 2;
      const last = i >= atoms.length;
      // With right-to-left text, pieces of one direction each (a number inside Arabic text is a piece of its own).
      const parts = bidi ? this.splitByLevel(line, bidi) : line;
      const width = bidi ? parts.reduce((sum, a, k) => sum + (k > 0 ? a.space : 0) + a.w, 0) : w;
      const gaps = parts.slice(1).filter((a) => a.space > 0).length;
      const extra = opts.align === 'justify' && !last && gaps > 0 ? (maxW - width) / gaps : 0;
      // A right-to-left paragraph is indented at the right and flush right where a left-to-right one is flush left.
      const free = maxW - width - extra * gaps;
      const start = region.x + (rtl ? 0 : left) + (opts.align === 'center' ? free / 2 : opts.align === 'right' || rtl ? free : 0);
      const xs = this.place(parts, start, extra, bidi);
      // Drawn in reading order (the content stream, and so copy and search, keep it), each piece at its place.
      for (let k = 0; k < parts.length; k += 1) {
        const a = parts[k]!;
        const x = xs[k];
        if (x === undefined) continue;
        if (a.t === 'text' && a.text && !bidi && !a.link) {
          // Words of one font, size and colour, spaced by that font's space, go out in one call: pdfkit puts
          // each word after the one before by the space plus the justification's extra, as they were placed.
          // (A spacing of zero would send pdfkit to its other path, which draws spaces as glyphs.)
          const words = [a.text];
          while (k + 1 < parts.length && this.sameRun(a, parts[k + 1]!)) words.push((parts[++k] as TextAtom).text);
          inText();
          this.doc.font(a.font).fontSize(a.size).fillColor(a.colour).text(words.join(' '), x, baseline - (a.rise ?? 0), { lineBreak: false, baseline: 'alphabetic', wordSpacing: extra || Number.MIN_VALUE });
        } else if (a.t === 'text' && a.text) {
          const linkElem = a.link ? inLink(a.link) : (inText(), null);
          this.doc.font(a.font).fontSize(a.size).fillColor(a.colour).text(drawn(a, bidi), x, baseline - (a.rise ?? 0), { lineBreak: false, baseline: 'alphabetic' });
          if (linkElem) {
            // Each piece's annotation joins the Link element, its words as the annotation's description.
            // A String object: pdfkit writes it as a PDF text string (a primitive would become a name).
            const options: PDFKit.Mixins.AnnotationOption & { structParent: StructParent } = { structParent: linkElem, Contents: new String(a.text) as unknown as string };
            this.doc.link(x, baseline - a.size * 0.8, a.w, a.size, a.link!, options);
          }
        } else if (a.t === 'math') {
          inText();
          this.drawMath(a.svg, a.tex, x, baseline - (a.h - a.depth), a.w, a.h, 'xMinYMin meet');
        }
      }
      region.y += lineH;
      first = false;
    }
    closeLink();
    if (text) this.doc.endMarkedContent();
    for (const child of children) elem.add(child);
    elem.end();
    (opts.parent ?? this.structParent).add(elem);
  }

  /** Whether `next` is drawn with `a` in one call: a word of the same look after a space of that font. */
  private sameRun(a: TextAtom, next: Atom): boolean {
    return next.t === 'text' && !!next.text && !next.link && next.font === a.font && next.size === a.size && next.colour === a.colour && next.rise === a.rise && next.space > 0 && next.space === this.width(' ', a.font, a.size);
  }

  /**
   * The paragraph's embedding levels when it has right-to-left text, else null. Its text is the atoms'
   * text with a space where they are spaced and U+FFFC (an object: neutral) for a formula; each atom
   * learns where its text starts.
   */
  private bidiOf(atoms: Atom[], direction?: 'ltr'): BidiParagraph | null {
    if (!atoms.some((a) => a.t === 'text' && hasRtl(a.text))) return null;
    let text = '';
    atoms.forEach((a, k) => {
      if (k > 0 && a.space > 0) text += ' ';
      a.at = text.length;
      text += a.t === 'math' ? '\ufffc' : a.text;
    });
    return bidiParagraph(text, direction);
  }

  /** Cuts atoms whose characters resolve to different levels, so that each piece runs one way. */
  private splitByLevel(line: readonly Atom[], bidi: BidiParagraph): Atom[] {
    const out: Atom[] = [];
    for (const a of line) {
      const at = a.at!;
      if (a.t !== 'text' || a.text.length < 2) {
        out.push(a);
        continue;
      }
      let from = 0;
      for (let k = 1; k <= a.text.length; k += 1) {
        if (k < a.text.length && bidi.levels[at + k] === bidi.levels[at + from]) continue;
        if (from === 0 && k === a.text.length) out.push(a);
        else {
          const text = a.text.slice(from, k);
          out.push({ ...a, text, at: at + from, w: this.width(text, a.font, a.size), glyphW: undefined, space: from === 0 ? a.space : 0 });
        }
        from = k;
      }
    }
    return out;
  }

  /**
   * The left edge of each part of a line, from `x`: in reading order, or with right-to-left text in the
   * order UAX #9 displays the line (bidi-js reorders its characters; each part and each space before one
   * moves as a whole). Empty parts (break opportunities) get no place.
   */
  private place(parts: readonly Atom[], x: number, extra: number, bidi: BidiParagraph | null): Array<number | undefined> {
    const xs: Array<number | undefined> = [];
    if (!bidi) {
      parts.forEach((a, k) => {
        if (k > 0) x += a.space + (a.space > 0 ? extra : 0);
        xs.push(x);
        x += a.w;
      });
      return xs;
    }
    // The line's spaces and parts in reading order, with the characters of the paragraph each stands for.
    const items: Array<{ part: number; w: number; from: number; to: number }> = [];
    parts.forEach((a, k) => {
      if (k > 0 && a.space > 0) items.push({ part: -1, w: a.space + extra, from: a.at! - 1, to: a.at! });
      const length = a.t === 'math' ? 1 : a.text.length;
      if (length) items.push({ part: k, w: a.w, from: a.at!, to: a.at! + length });
    });
    if (!items.length) return xs;
    const first = items[0]!.from;
    const itemAt = new Int32Array(items[items.length - 1]!.to - first).fill(-1);
    items.forEach((it, n) => itemAt.fill(n, it.from - first, it.to - first));
    const placed = new Uint8Array(items.length);
    for (const c of visualOrder(bidi, first, first + itemAt.length - 1)) {
      const n = itemAt[c - first]!;
      if (n < 0 || placed[n]) continue;
      placed[n] = 1;
      const it = items[n]!;
      if (it.part >= 0) xs[it.part] = x;
      x += it.w;
    }
    return xs;
  }

  /**
   * Math as vector paths, with its TeX as invisible text over it: search, copy and pdftotext find the
   * formula's source, and screen readers get it as the Formula's alternative text.
   */
  private drawMath(svg: string, tex: string, x: number, top: number, w: number, h: number, fit: string): void {
    this.doc.save().translate(x, top);
    const key = `${fit} ${w} ${h} ${tex}`;
    const ops = mathOps.get(key);
    if (ops) {
      mathOps.delete(key);
      mathOps.set(key, ops);
      for (const op of ops) {
        if (typeof op === 'string') this.doc.addContent(op);
        else if (op.fill) this.doc.fillOpacity(op.value);
        else this.doc.strokeOpacity(op.value);
      }
    } else {
      const recorded = recordContent(this.doc, () => SVGtoPDF(this.doc, svg.replace(/currentColor/g, '#000000'), 0, 0, { width: w, height: h, preserveAspectRatio: fit }));
      if (recorded) keepMathOps(key, recorded);
    }
    this.doc.restore();
    const font = this.latinFont();
    const natural = this.width(tex, font, 10);
    const size = Math.max(1, Math.min(h, natural > 0 ? (10 * w) / natural : h));
    this.doc.save().fillOpacity(0).font(font).fontSize(size).text(tex, x, top + h - size * 0.25, { lineBreak: false, baseline: 'alphabetic' }).restore();
  }

  /** A display equation, centred, with its number at the right margin. */
  displayMath(region: Region, tex: string, number: number, size: number): void {
    try {
      const m = texToSvg(tex, true);
      const ex = size * MATH_EX_PER_EM;
      let w = m.widthEx * ex;
      let h = m.heightEx * ex;
      const numberW = this.width(`(${number})`, this.latinFont(), size) + 8;
      const maxW = region.width - numberW * 2;
      if (w > maxW) {
        h *= maxW / w;
        w = maxW;
      }
      region.ensure(h + 12);
      const top = region.y + 6;
      const content = this.doc.markStructureContent('Formula');
      this.drawMath(m.svg, tex, region.x + (region.width - w) / 2, top, w, h, 'xMidYMid meet');
      this.doc.font(this.latinFont()).fontSize(size).fillColor('#111111').text(`(${number})`, region.x + region.width - numberW + 8, top + h / 2 - size / 2, { lineBreak: false });
      this.doc.endMarkedContent();
      this.structParent.add(this.doc.struct('Formula', { alt: tex }, [content]));
      region.y = top + h + 8;
    } catch (err) {
      if (!(err instanceof MathError)) throw err;
      this.mathErrors.push(`${tex}: ${err.message}`);
      this.text(`$$${tex}$$ (${err.message})`, { size, mono: true, colour: '#b91c1c' });
      this.flushParagraph(region);
    }
  }
}

/**
 * A formula's drawing as content-stream operations, kept per thread: svg-to-pdfkit takes ~10 ms to draw a
 * display formula (MathJax's glyph outlines), the same every time. Opacity goes through pdfkit (its graphics
 * states are resources of each document); a drawing that uses any other resource is not kept.
 */
type MathOp = string | { fill: boolean; value: number };
const mathOps = new Map<string, MathOp[]>();
/** Characters of kept operations: about 8 MB. */
const MATH_OPS_CHARS = 4_000_000;
let mathOpsChars = 0;
const opsChars = (ops: readonly MathOp[]) => ops.reduce((n, op) => n + (typeof op === 'string' ? op.length : 8), 0);

function keepMathOps(key: string, ops: MathOp[]): void {
  mathOps.set(key, ops);
  mathOpsChars += opsChars(ops);
  for (const [old, kept] of mathOps) {
    if (mathOpsChars <= MATH_OPS_CHARS || old === key) break;
    mathOps.delete(old);
    mathOpsChars -= opsChars(kept);
  }
}

/** Runs `draw`, recording what it writes to the page; null when that names a resource (a font, image or group). */
function recordContent(doc: PDFKit.PDFDocument, draw: () => void): MathOp[] | null {
  const ops: MathOp[] = [];
  let resources = false;
  let inOpacity = false;
  const { addContent, fillOpacity, strokeOpacity } = doc;
  const recording = doc as unknown as Record<'addContent' | 'fillOpacity' | 'strokeOpacity', (value: never) => PDFKit.PDFDocument>;
  recording.addContent = (data: string) => {
    if (!inOpacity) {
      if (data.includes('/') && !/^\/DeviceRGB (?:cs|CS)$/.test(data)) resources = true;
      ops.push(data);
    }
    return addContent.call(doc, data);
  };
  const opacity = (op: MathOp, set: (value: number) => PDFKit.PDFDocument, value: number) => {
    ops.push(op);
    inOpacity = true;
    try {
      return set.call(doc, value);
    } finally {
      inOpacity = false;
    }
  };
  recording.fillOpacity = (value: number) => opacity({ fill: true, value }, fillOpacity, value);
  recording.strokeOpacity = (value: number) => opacity({ fill: false, value }, strokeOpacity, value);
  try {
    draw();
  } finally {
    delete (recording as Partial<typeof recording>).addContent;
    delete (recording as Partial<typeof recording>).fillOpacity;
    delete (recording as Partial<typeof recording>).strokeOpacity;
  }
  return resources ? null : ops;
}

/**
 * A part's text in the order pdfkit must be given it. fontkit lays out text of a right-to-left script
 * right to left by itself (Arabic words come out joined and in order); other text at an odd level
 * (punctuation, brackets in Arabic text) is reversed and mirrored here, and Arabic-script digits at an
 * even level are handed over reversed so that fontkit's reversal puts them back.
 */
function drawn(a: TextAtom, bidi: BidiParagraph | null): string {
  if (!bidi) return a.text;
  const odd = bidi.levels[a.at!]! % 2 === 1;
  const text = odd ? [...a.text].map(mirrored).join('') : a.text;
  return odd !== SHAPED_RTL.test(text) ? [...text].reverse().join('') : text;
}

export interface ParagraphOptions {
  /** Left to right whatever the first letter (code); by default the first strong character decides (UAX #9). */
  direction?: 'ltr';
  indent?: number;
  hanging?: number;
  align?: 'left' | 'justify' | 'center' | 'right';
  lineGap?: number;
  /** Structure type of the paragraph (P, H1, H2, TD...). */
  tag?: string;
  /** Structure element it belongs to, when not the layout's current one (table cells, list items). */
  parent?: StructParent;
}

/** Where text goes: one column of a page; `next()` moves to the following column or a new page. */
export class Region {
  y: number;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    public x: number,
    public width: number,
    public top: number,
    public bottom: number,
    private readonly columns: { count: number; gap: number; left: number; fullWidth: number },
    private column = 0,
  ) {
    this.y = top;
  }

  get remaining(): number {
    return this.bottom - this.y;
  }

  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > this.top) this.next();
  }

  next(): void {
    if (this.column + 1 < this.columns.count) {
      this.column += 1;
      this.x = this.columns.left + this.column * (this.width + this.columns.gap);
      this.y = this.top;
      return;
    }
    // Open marked content (a tagged paragraph) ends on this page and goes on, with the same structure, on the next.
    this.doc.continueOnNewPage();
    this.column = 0;
    this.x = this.columns.left;
    this.top = this.doc.page.margins.top;
    this.y = this.top;
  }
}

