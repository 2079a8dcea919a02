import { FAQ, PERSONAS, type ChatContext } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useOnline } from '../../shared/hooks/useOnline';
import { NeedsServer } from '../../shared/network/NeedsServer';
import { Markdown } from './Markdown';
import { screenLanguage } from './offline/language';
import { PersonaAvatar } from './PersonaAvatar';
import { SendIcon, StopIcon } from './icons';
import { useAssistant, type UiMessage } from './store';
import { ARCHIVES_KEY } from './useArchiveSync';
import { Button } from '../../shared/ui/Button';

const QUICK_COUNT = 4;
/** The English FAQ answer, where a translation lacks it (the server falls back the same way). */
const MODELS_CONNECT = FAQ.find((f) => f.id === 'models-connect')!.answer;

function Welcome({ context, onAsk }: { context: ChatContext; onAsk(text: string): void }) {
  const { t } = useTranslation('helper');
  const setTab = useAssistant((s) => s.setTab);
  const persona = PERSONAS[context.personality];
  const traits = t(`personas.${persona.key}.traits`, { returnObjects: true }) as string[];
  const offline = context.provider === 'local';
  return (
    <section className="assistant-welcome" aria-labelledby="assistant-welcome-title">
      <div className="welcome-persona">
        <PersonaAvatar persona={persona.key} size={56} />
        <div>
          <h3 id="assistant-welcome-title">{t('chat.welcomeTitle', { name: t(`personas.${persona.key}.name`) })}</h3>
          <p className="muted">{t(`personas.${persona.key}.description`)}</p>
        </div>
      </div>
      <ul className="trait-list" aria-label={t('personality.traits')}>
        {traits.map((trait) => (
          <li key={trait} className="badge">
            {trait}
          </li>
        ))}
      </ul>
      <p className="welcome-hint">{t(`personas.${persona.key}.hint`)}</p>
      {offline && (
        <div className="alert alert-info offline-note">
          <p>{t('chat.offlineNote')}</p>
          <Button size="sm" onClick={() => setTab('models')}>
            {t('chat.connectModel')}
          </Button>
        </div>
      )}
      <h4 className="quick-title">{t('chat.quickTitle')}</h4>
      <div className="quick-questions">
        {Array.from({ length: QUICK_COUNT }, (_, i) => {
          const key = `quick.${context.mode}.${i}`;
          return (
            <button key={key} type="button" className="quick-btn" onClick={() => onAsk(t(key))}>
              {t(key)}
            </button>
          );
        })}
      </div>
    </section>
  );
}

function Message({ message, onRetry }: { message: UiMessage; onRetry?(): void }) {
  const { t } = useTranslation('helper');
  if (message.role === 'user') {
    return (
      <div className="msg msg-user">
        <div className="bubble">{message.content}</div>
      </div>
    );
  }
  return (
    <div className={`msg msg-assistant ${message.failed ? 'msg-failed' : ''}`}>
      <div className="bubble">
        {message.failed ? (
          <>
            <p>{t('chat.failure')}</p>
            {message.failed.reason && <p className="msg-reason">{message.failed.reason}</p>}
            {onRetry && (
              <Button size="sm" onClick={onRetry}>
                {t('chat.retry')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Markdown text={message.content} />
            {message.stopped && <p className="msg-reason">{t('chat.stopped')}</p>}
          </>
        )}
      </div>
    </div>
  );
}

/** The Chat tab: welcome block, messages, typing indicator and the input (Enter or Send). */
export function ChatTab({ context }: { context: ChatContext }) {
  const { t, i18n } = useTranslation('helper');
  const client = useQueryClient();
  const { messages, busy, waiting, draft, setDraft, send, stop } = useAssistant();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const persona = PERSONAS[context.personality];
  const online = useOnline();
  const { user } = useCurrentUser();

  const ask = (text: string) => {
    const saved = () => void client.invalidateQueries({ queryKey: ARCHIVES_KEY });
    if (online) return void send(text, context, saved);
    // Offline the built-in offline assistant answers in the browser, as the server's would (same words, same buttons).
    const language = screenLanguage(i18n.resolvedLanguage ?? i18n.language);
    const connectSteps = i18n.getFixedT(language, 'helper')('faq.items.models-connect.a', { defaultValue: MODELS_CONNECT });
    void send(text, context, saved, { language, admin: user?.role === 'admin', connectSteps });
  };

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, waiting]);
  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy]);

  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return (
    <div className="chat">
      <div className="chat-scroll" ref={list}>
        {messages.length === 0 ? (
          <Welcome context={context} onAsk={ask} />
        ) : (
          <div className="chat-log" role="log" aria-live="polite" aria-label={t('chat.logLabel')}>
            {messages.map((m, i) =>
              m.role === 'assistant' && !m.content && !m.failed && waiting && i === messages.length - 1 ? null : (
                <Message
                  key={m.id}
                  message={m}
                  onRetry={m.failed && i === messages.length - 1 && lastUser ? () => ask(lastUser.content) : undefined}
                />
              ),
            )}
            {waiting && (
              <div className="msg msg-assistant" data-testid="typing">
                <div className="bubble typing" aria-label={t('chat.typing', { name: t(`personas.${persona.key}.name`) })}>
                  <span />
                  <span />
                  <span />
                </div>
              </div>
            )}
          </div>
        )}
      </div>
      <NeedsServer feature="ai" />
      <form
        className="chat-input"
        onSubmit={(e) => {
          e.preventDefault();
          ask(draft);
        }}
      >
        <label htmlFor="assistant-input" className="visually-hidden">
          {t('chat.inputLabel')}
        </label>
        <textarea
          id="assistant-input"
          ref={input}
          className="textarea"
          rows={1}
          value={draft}
          maxLength={8000}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              ask(draft);
            }
          }}
        />
        {busy ? (
          <Button className="chat-send" onClick={stop} aria-label={t('chat.stop')} title={t('chat.stop')} data-testid="assistant-stop">
            <StopIcon />
          </Button>
        ) : (
          <Button variant="primary" className="chat-send" type="submit" disabled={!draft.trim()} aria-label={t('chat.send')} title={t('chat.send')}>
            <SendIcon />
          </Button>
        )}
      </form>
    </div>
  );
}
