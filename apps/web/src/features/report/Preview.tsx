import { inlinesOf, placeNoteMarks, richToText, type Block, type Inline, type ReportStructure, type RichText } from '@yumi/core';
import { Fragment, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TexMath } from '../../shared/math';
import { Rich } from './Rich';

/** A formula, set as the PDF sets it, or an error note that names the problem. */
function Math({ tex, display }: { tex: string; display: boolean }) {
  return (
    <TexMath
      tex={tex}
      display={display}
      className={display ? 'rp-math-display' : 'rp-math'}
      renderError={(message) => (
        <span className="rp-math-error" role="note" title={message}>
          {display ? `$$${tex}$$` : `$${tex}$`} ⚠ {message}
        </span>
      )}
    />
  );
}

/** With a note style: each citation's note number. */
type NoteNumbers = ReadonlyMap<Inline, number> | null;

function Inlines({ list, inText, figures, notes }: { list: Inline[]; inText: Map<string, RichText>; figures: Map<string, number>; notes: NoteNumbers }) {
  const { t } = useTranslation('report');
  return (
    <>
      {(notes ? placeNoteMarks(list) : list).map((i, k) => {
        if (i.t === 'text') {
          let el: ReactNode = i.text;
          if (i.code) el = <code>{el}</code>;
          if (i.italic) el = <em>{el}</em>;
          if (i.bold) el = <strong>{el}</strong>;
          if (i.strike) el = <del>{el}</del>;
          if (i.href) el = <a href={i.href} target="_blank" rel="noopener noreferrer">{el}</a>;
          return <Fragment key={k}>{el}</Fragment>;
        }
        if (i.t === 'math') return <Math key={k} tex={i.tex} display={false} />;
        if (i.t === 'cite' && notes) {
          const n = notes.get(i);
          return (
            <sup key={k} className="rp-noteref">
              <a href={`#rp-note-${n}`}>{n}</a>
            </sup>
          );
        }
        if (i.t === 'cite') {
          const s = inText.get(i.keys.join(';'));
          const plain = s ? richToText(s) : '';
          return (
            <span key={k} className={s && !plain.endsWith('?]') ? 'rp-cite' : 'rp-cite rp-cite-missing'}>
              {s ? <>{plain.startsWith('(') || plain.startsWith('[') ? ' ' : ''}<Rich text={s} /></> : `[${i.keys.map((x) => '@' + x).join('; ')}]`}
            </span>
          );
        }
        return <span key={k} className="rp-figref">{t('figure', { n: figures.get(i.id) ?? '?' })}</span>;
      })}
    </>
  );
}

interface BlockCtx {
  inText: Map<string, RichText>;
  figures: Map<string, number>;
  figureImages: Map<string, string>;
  /** Number of each display equation, counted over the whole report. */
  eqNo: Map<Block, number>;
  /** Content of each block as a string: what decides whether it is drawn again. */
  sig: Map<Block, string>;
  /** With a note style: the number of each block's first note. */
  firstNote: Map<Block, number> | null;
}

interface BlockProps {
  block: Block;
  sig: string;
  eqNo: number;
  inText: Map<string, RichText>;
  figures: Map<string, number>;
  figuresSig: string;
  figureImages: Map<string, string>;
  /** With a note style: the number of this block's first note; null for in-text styles. */
  firstNote: number | null;
}

/**
 * One block, drawn again only when its content, its equation number, the citations or the figures
 * changed: a keystroke changes one paragraph, so the other blocks of a long report are left alone.
 */
const BlockView = memo(
  function BlockView({ block: b, eqNo, inText, figures, figureImages, firstNote }: BlockProps) {
    const { t } = useTranslation('report');
    const notes: NoteNumbers = firstNote === null ? null : new Map(inlinesOf(b).filter((i) => i.t === 'cite').map((c, k) => [c, firstNote + k]));
    switch (b.t) {
      case 'paragraph':
        return <p dir="auto"><Inlines list={b.inlines} inText={inText} figures={figures} notes={notes} /></p>;
      case 'quote':
        return <blockquote dir="auto"><Inlines list={b.inlines} inText={inText} figures={figures} notes={notes} /></blockquote>;
      case 'list': {
        const L = b.ordered ? 'ol' : 'ul';
        return (
          <L className={b.checked ? 'rp-tasks' : undefined}>
            {b.items.map((it, j) => (
              <li key={j} dir="auto">
                {typeof b.checked?.[j] === 'boolean' && <input type="checkbox" checked={b.checked[j]!} disabled readOnly />}
                <Inlines list={it} inText={inText} figures={figures} notes={notes} />
              </li>
            ))}
          </L>
        );
      }
      case 'table':
        return (
          <div className="rp-table-wrap">
            <table className="rp-table">
              <thead>
                <tr>{b.header.map((cell, j) => <th key={j} dir="auto" style={{ textAlign: b.align[j] ?? undefined }}><Inlines list={cell} inText={inText} figures={figures} notes={notes} /></th>)}</tr>
              </thead>
              <tbody>
                {b.rows.map((row, r) => (
                  <tr key={r}>{b.align.map((a, j) => <td key={j} dir="auto" style={{ textAlign: a ?? undefined }}><Inlines list={row[j] ?? []} inText={inText} figures={figures} notes={notes} /></td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case 'code':
        return <pre className="rp-code"><code>{b.text}</code></pre>;
      case 'math':
        return (
          <div className="rp-equation">
            <Math tex={b.tex} display />
            <span className="rp-eqno">({eqNo})</span>
          </div>
        );
      case 'figure': {
        const fig = figureImages.get(b.id);
        return (
          <figure className="rp-figure">
            {fig ? <img src={fig} alt={b.caption} /> : <div className="rp-figure-missing">{b.id}</div>}
            <figcaption dir="auto"><strong>{t('figure', { n: b.number })}.</strong> {b.caption}</figcaption>
          </figure>
        );
      }
    }
  },
  (a, b) => a.sig === b.sig && a.eqNo === b.eqNo && a.inText === b.inText && a.figuresSig === b.figuresSig && a.figureImages === b.figureImages && a.firstNote === b.firstNote,
);

function Blocks({ blocks, ctx, figuresSig }: { blocks: Block[]; ctx: BlockCtx; figuresSig: string }) {
  return (
    <>
      {blocks.map((b, k) => (
        <BlockView key={k} block={b} sig={ctx.sig.get(b)!} eqNo={ctx.eqNo.get(b) ?? 0} inText={ctx.inText} figures={ctx.figures} figuresSig={figuresSig} figureImages={ctx.figureImages} firstNote={ctx.firstNote?.get(b) ?? null} />
      ))}
    </>
  );
}

export interface PreviewProps {
  report: ReportStructure;
  inText: Map<string, RichText>;
  /** A note style's notes, one per citation in reading order; null (or absent) for in-text styles. */
  notes?: RichText[] | null;
  bibliography: RichText[];
  figureImages: Map<string, string>;
}

/**
 * The live rendered report: numbered sections, math (MathJax, as in the PDF), citations and the bibliography.
 * Every block of text has dir="auto": one whose first strong letter is Arabic or Hebrew runs right to left,
 * as in the PDF, and the browser orders its words (the Unicode Bidirectional Algorithm).
 */
export const Preview = memo(function Preview(props: PreviewProps) {
  const { t } = useTranslation('report');
  const { report } = props;
  const all = [report.abstract, report.preamble, ...[...report.sections, ...report.appendices].map((x) => x.blocks)];
  const eqNo = new Map<Block, number>();
  const sig = new Map<Block, string>();
  const firstNote = props.notes ? new Map<Block, number>() : null;
  let noteCount = 0;
  for (const list of all) {
    for (const b of list) {
      if (b.t === 'math') eqNo.set(b, eqNo.size + 1);
      sig.set(b, JSON.stringify(b));
      if (firstNote) {
        firstNote.set(b, noteCount + 1);
        noteCount += inlinesOf(b).filter((i) => i.t === 'cite').length;
      }
    }
  }
  const ctx: BlockCtx = { inText: props.inText, figures: report.figures, figureImages: props.figureImages, eqNo, sig, firstNote };
  const figuresSig = JSON.stringify([...report.figures]);
  return (
    <article className="report-preview" aria-label={t('preview.label')} data-testid="report-preview">
      <h1 dir="auto">{report.title || t('preview.untitled')}</h1>
      {report.abstract.length > 0 && (
        <section className="rp-abstract">
          <h2>{t('preview.abstract')}</h2>
          <Blocks blocks={report.abstract} ctx={ctx} figuresSig={figuresSig} />
        </section>
      )}
      <Blocks blocks={report.preamble} ctx={ctx} figuresSig={figuresSig} />
      {[...report.sections, ...report.appendices].map((s, k) => {
        const H = s.level === 2 ? 'h2' : 'h3';
        return (
          <section key={k}>
            <H dir="auto">
              {s.number && <span className="rp-num">{s.number}</span>} {s.title}
            </H>
            <Blocks blocks={s.blocks} ctx={ctx} figuresSig={figuresSig} />
          </section>
        );
      })}
      {props.notes && props.notes.length > 0 && (
        <section className="rp-notes">
          <h2>{t('preview.notes')}</h2>
          <ol>
            {props.notes.map((n, i) => (
              <li key={i} id={`rp-note-${i + 1}`} dir="auto">
                <Rich text={n} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {props.bibliography.length > 0 && (
        <section className="rp-bibliography">
          <h2>{t('preview.references')}</h2>
          <ul>
            {props.bibliography.map((b, i) => (
              <li key={i} dir="auto"><Rich text={b} /></li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
});
