import { continuePrompt, temperatureFor } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { useWriting } from '../context';
import { assertModel, streamChat } from '../lib/ai';
import { AiError } from '../../../shared/ai';
import { useAiRun } from '../useAiRun';
import { streamInto } from './streamInsert';
import { ToolHeader } from './ToolHeader';

/** Continues the text at the cursor with the chosen model and personality, streamed in, stoppable. */
export function ContinueTool() {
  const { t } = useTranslation('writing');
  const { editor, ai, control } = useWriting();
  const { running, error, run, stop } = useAiRun();

  const go = () =>
    run(async (signal) => {
      assertModel(ai);
      const text = editor.getText();
      const { end } = editor.getSelection();
      const target = streamInto(editor, end);
      const message = continuePrompt(text.slice(0, end), text.slice(end), control.level);
      await streamChat({ message, context: ai }, { onDelta: (d) => target.push(d), signal });
    });

  return (
    <div className="tool-body">
      <ToolHeader id="ai-continue" />
      <p className="small">
        {t('continue.level', { level: t(`control.levels.${control.level}`) })} <span className="muted">({t('continue.temperature', { value: temperatureFor(control.level) })})</span>
      </p>
      <p className="small muted">{t('continue.model', { model: ai.model, persona: t(`personas.${ai.personality}`) })}</p>
      <div className="row">
        {running ? (
          <Button variant="danger" size="sm" onClick={stop} data-testid="continue-stop">
            ■ {t('continue.stop')}
          </Button>
        ) : (
          <Button variant="primary" size="sm" onClick={() => void go()} disabled={!editor.getText().trim()}>
            {t('continue.start')}
          </Button>
        )}
      </div>
      {running && <p className="small muted typing">{t('continue.writing')}</p>}
      <AiError error={error} />
    </div>
  );
}
