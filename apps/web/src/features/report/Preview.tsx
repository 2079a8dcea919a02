import { richToText, type Block, type Inline, type ReportStructure, type RichText } from '@yumi/core';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Rich } from './Rich';

/** KaTeX HTML for a formula, or an error note that names the problem (never throws). */
function Math({ tex, display }: { tex: string; display: boolean }) {
  try {
    const html = katex.renderToString(tex, { displayMode: display, throwOnError: true, trust: false, maxSize: 20, maxExpand: 500 });
    return <span className={display ? 'rp-math-display' : 'rp-math'} dangerouslySetInnerHTML={{ __html: html }} />;
  } catch (err) {
    return (
      <span className="rp-math-error" role="note" title={(err as Error).message}>
        {display ? `$$${tex}$$` : `$${tex}$`} ⚠ {(err as Error).message.replace(/^KaTeX parse error: /, '')}
      </span>
    );
  }
}

function Inlines({ list, inText, figures }: { list: Inline[]; inText: Map<string, RichText>; figures: Map<string, number> }) {
  const { t } = useTranslation('report');
  return (
    <>
      {list.map((i, k) => {
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

function Blocks({ blocks, ctx }: { blocks: Block[]; ctx: PreviewProps & { eq: { n: number } } }) {
  const { t } = useTranslation('report');
  return (
    <>
      {blocks.map((b, k) => {
        switch (b.t) {
          case 'paragraph':
            return <p key={k}><Inlines list={b.inlines} inText={ctx.inText} figures={ctx.report.figures} /></p>;
          case 'quote':
            return <blockquote key={k}><Inlines list={b.inlines} inText={ctx.inText} figures={ctx.report.figures} /></blockquote>;
          case 'list': {
            const L = b.ordered ? 'ol' : 'ul';
            return (
              <L key={k} className={b.checked ? 'rp-tasks' : undefined}>
                {b.items.map((it, j) => (
                  <li key={j}>
                    {typeof b.checked?.[j] === 'boolean' && <input type="checkbox" checked={b.checked[j]!} disabled readOnly />}
                    <Inlines list={it} inText={ctx.inText} figures={ctx.report.figures} />
                  </li>
                ))}
              </L>
            );
          }
          case 'table':
            return (
              <div key={k} className="rp-table-wrap">
                <table className="rp-table">
                  <thead>
                    <tr>{b.header.map((cell, j) => <th key={j} style={{ textAlign: b.align[j] ?? undefined }}><Inlines list={cell} inText={ctx.inText} figures={ctx.report.figures} /></th>)}</tr>
                  </thead>
                  <tbody>
                    {b.rows.map((row, r) => (
                      <tr key={r}>{b.align.map((a, j) => <td key={j} style={{ textAlign: a ?? undefined }}><Inlines list={row[j] ?? []} inText={ctx.inText} figures={ctx.report.figures} /></td>)}</tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case 'code':
            return <pre key={k} className="rp-code"><code>{b.text}</code></pre>;
          case 'math':
            ctx.eq.n += 1;
            return (
              <div key={k} className="rp-equation">
                <Math tex={b.tex} display />
                <span className="rp-eqno">({ctx.eq.n})</span>
              </div>
            );
          case 'figure': {
            const fig = ctx.figureImages.get(b.id);
            return (
              <figure key={k} className="rp-figure">
                {fig ? <img src={fig} alt={b.caption} /> : <div className="rp-figure-missing">{b.id}</div>}
                <figcaption><strong>{t('figure', { n: b.number })}.</strong> {b.caption}</figcaption>
              </figure>
            );
          }
        }
      })}
    </>
  );
}

export interface PreviewProps {
  report: ReportStructure;
  inText: Map<string, RichText>;
  bibliography: RichText[];
  figureImages: Map<string, string>;
}

/** The live rendered report: numbered sections, KaTeX math, citations and the bibliography. */
export const Preview = memo(function Preview(props: PreviewProps) {
  const { t } = useTranslation('report');
  const { report } = props;
  const ctx = { ...props, eq: { n: 0 } };
  return (
    <article className="report-preview" aria-label={t('preview.label')} data-testid="report-preview">
      <h1>{report.title || t('preview.untitled')}</h1>
      {report.abstract.length > 0 && (
        <section className="rp-abstract">
          <h2>{t('preview.abstract')}</h2>
          <Blocks blocks={report.abstract} ctx={ctx} />
        </section>
      )}
      <Blocks blocks={report.preamble} ctx={ctx} />
      {[...report.sections, ...report.appendices].map((s, k) => {
        const H = s.level === 2 ? 'h2' : 'h3';
        return (
          <section key={k}>
            <H>
              {s.number && <span className="rp-num">{s.number}</span>} {s.title}
            </H>
            <Blocks blocks={s.blocks} ctx={ctx} />
          </section>
        );
      })}
      {props.bibliography.length > 0 && (
        <section className="rp-bibliography">
          <h2>{t('preview.references')}</h2>
          <ul>
            {props.bibliography.map((b, i) => (
              <li key={i}><Rich text={b} /></li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
});
