import { PERSONAS } from '@yumi/core';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModels, useReconcileModel } from '../../shared/ai';
import { IconButton } from '../../shared/ui/Button';
import { ArchivePanel } from './ArchivePanel';
import { ChatTab } from './ChatTab';
import { ArchiveIcon, MinimizeIcon, NewChatIcon } from './icons';
import { ModelsTab } from './ModelsTab';
import { PersonalityTab } from './PersonalityTab';
import { PersonaAvatar } from './PersonaAvatar';
import { useAssistant, type AssistantTab } from './store';
import { TutorialTab } from './TutorialTab';
import { useChatContext } from './useChatContext';

const TABS: AssistantTab[] = ['chat', 'tutorial', 'personality', 'models'];

/** The expanded assistant: header, four tabs (first document §2) and the chat archive. */
export default function AssistantPanel() {
  const { t } = useTranslation('helper');
  const { tab, setTab, archiveOpen, setArchiveOpen, newChat, setExpanded } = useAssistant();
  const context = useChatContext();
  const persona = PERSONAS[context.personality];
  const { data: models } = useModels();
  useReconcileModel();
  const modelName = models?.models.find((m) => m.provider === context.provider && m.id === context.model)?.name ?? context.model;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  return (
    <div
      ref={panel}
      className="assistant-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="assistant-title"
      data-testid="assistant-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setExpanded(false);
        }
      }}
    >
      <header className="assistant-header">
        <PersonaAvatar persona={persona.key} size={40} />
        <div className="assistant-heading">
          <h2 id="assistant-title">{t('title')}</h2>
          <button type="button" className="assistant-model-chip" onClick={() => setTab('models')} title={t('header.changeModel')}>
            {t(`personas.${persona.key}.name`)} · {modelName}
          </button>
        </div>
        <div className="assistant-header-actions">
          <IconButton label={t('header.newChat')} onClick={newChat} data-testid="assistant-new-chat">
            <NewChatIcon />
          </IconButton>
          <IconButton
            label={t('header.archive')}
            onClick={() => setArchiveOpen(!archiveOpen)}
            aria-pressed={archiveOpen}
            data-testid="assistant-archive"
          >
            <ArchiveIcon />
          </IconButton>
          <IconButton label={t('header.minimize')} onClick={() => setExpanded(false)} data-testid="assistant-minimize">
            <MinimizeIcon />
          </IconButton>
        </div>
      </header>
      {archiveOpen ? (
        <ArchivePanel />
      ) : (
        <Tabs.Root className="assistant-tabs" value={tab} onValueChange={(v) => setTab(v as AssistantTab)}>
          <Tabs.List className="tabs-list assistant-tab-list" aria-label={t('tabs.label')}>
            {TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="tabs-trigger" data-autofocus={id === tab ? '' : undefined}>
                {t(`tabs.${id}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="chat" className="assistant-tab-body chat-body">
            <ChatTab context={context} />
          </Tabs.Content>
          <Tabs.Content value="tutorial" className="assistant-tab-body">
            <TutorialTab />
          </Tabs.Content>
          <Tabs.Content value="personality" className="assistant-tab-body">
            <PersonalityTab />
          </Tabs.Content>
          <Tabs.Content value="models" className="assistant-tab-body">
            <ModelsTab />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
