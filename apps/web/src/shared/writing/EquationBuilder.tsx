import { EQUATION_SYMBOLS, EQUATION_TEMPLATES, equationProblem, MAX_EQUATION_LENGTH } from '@yumi/core';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import './writing-shared.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';

/**
 * LaTeX equation builder: 20 symbols, 8 templates, a code box, a live KaTeX preview, clear and copy.
 * KaTeX runs untrusted (no \href, no HTML) with expansion limits, so pasted code cannot run script or freeze.
 */
export function EquationBuilder({ onInsert }: { onInsert?(latex: string): void }) {
  const { t } = useTranslation('writing');
  const id = useId();
  const [code, setCode] = useState('');
  const [renderError, setRenderError] = useState<string | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const problem = equationProblem(code);

  useEffect(() => {
    const el = preview.current;
    if (!el) return;
    el.textContent = '';
    setRenderError(null);
    if (!code.trim() || problem) return;
    try {
      katex.render(code, el, { displayMode: true, throwOnError: true, trust: false, strict: 'ignore', maxExpand: 200, maxSize: 20, output: 'htmlAndMathml' });
    } catch (err) {
      el.textContent = '';
      setRenderError((err as Error).message.replace(/^KaTeX parse error: /, ''));
    }
  }, [code, problem]);

  const insert = (snippet: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? code.length;
    const end = el?.selectionEnd ?? code.length;
    const next = (code.slice(0, start) + snippet + code.slice(end)).slice(0, MAX_EQUATION_LENGTH);
    setCode(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast('success', t('equation.copied'));
    } catch (err) {
      // The spec only logs a clipboard failure; we also tell the user.
      console.warn('clipboard copy failed', err);
      toast('error', t('equation.copyFailed'));
    }
  };

  return (
    <div className="equation">
      <div className="eq-symbols" role="group" aria-label={t('equation.symbols')}>
        {EQUATION_SYMBOLS.map((s) => (
          <button key={s.code} type="button" className="eq-symbol" title={s.code} onClick={() => insert(s.code)}>
            {s.label}
          </button>
        ))}
      </div>
      <div className="eq-templates" role="group" aria-label={t('equation.templates')}>
        {EQUATION_TEMPLATES.map((tpl) => (
          <button key={tpl.id} type="button" className="chip" onClick={() => insert(tpl.code)}>
            {t(`equation.template.${tpl.id}`)}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('equation.code')}</label>
        <textarea
          id={`${id}-code`}
          ref={box}
          className="textarea mono"
          rows={3}
          maxLength={MAX_EQUATION_LENGTH}
          value={code}
          placeholder={EQUATION_TEMPLATES[1].code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <div className="eq-preview" aria-live="polite">
        <span className="muted small">{t('equation.preview')}</span>
        <div ref={preview} data-testid="equation-preview" />
        {!code.trim() && <p className="muted small">{t('equation.empty')}</p>}
        {problem && <p className="field-error">{t(`equation.problems.${problem}`)}</p>}
        {renderError && !problem && <p className="field-error">{t('equation.renderError', { message: renderError })}</p>}
      </div>
      <div className="row">
        <Button size="sm" onClick={() => setCode('')} disabled={!code}>
          {t('equation.clear')}
        </Button>
        <Button size="sm" onClick={() => void copy()} disabled={!code}>
          {t('equation.copy')}
        </Button>
        {onInsert && (
          <Button size="sm" variant="primary" disabled={!code.trim() || !!problem} onClick={() => onInsert(`$$${code}$$`)}>
            {t('equation.insert')}
          </Button>
        )}
      </div>
    </div>
  );
}
