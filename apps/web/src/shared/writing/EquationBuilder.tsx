import { EQUATION_SYMBOLS, EQUATION_TEMPLATES, equationProblem, MAX_EQUATION_LENGTH } from '@yumi/core';
import './writing-shared.css';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TexMath } from '../math';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';

/**
 * LaTeX equation builder: 20 symbols, 8 templates, a code box, a live preview set by the report's math
 * engine (MathJax SVG, as the PDF sets it), clear and copy. The engine links nowhere and takes no markup.
 */
export function EquationBuilder({ onInsert }: { onInsert?(latex: string): void }) {
  const { t } = useTranslation('writing');
  const id = useId();
  const [code, setCode] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const problem = equationProblem(code);

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
        <div data-testid="equation-preview">
          {code.trim() && !problem && <TexMath tex={code} display renderError={(message) => <p className="field-error">{t('equation.renderError', { message })}</p>} />}
        </div>
        {!code.trim() && <p className="muted small">{t('equation.empty')}</p>}
        {problem && <p className="field-error">{t(`equation.problems.${problem}`)}</p>}
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
