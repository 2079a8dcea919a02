import { MASCOT_IMAGE_URL } from '@yumi/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_EVENT, type OpenAssistantDetail } from '../../shared/ai/openAssistant';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useAssistant } from './store';
import { useArchiveSync } from './useArchiveSync';
import './assistant.css';

// The panel (Markdown, tabs, archives) loads on first open, so no screen pays for it up front.
const AssistantPanel = lazy(() => import('./AssistantPanel'));

function FloatingButton() {
  const { t } = useTranslation('helper');
  const expand = useAssistant((s) => s.setExpanded);
  const busy = useAssistant((s) => s.busy);
  return (
    <button type="button" className="assistant-fab" aria-label={t('fab.open')} title={t('fab.open')} onClick={() => expand(true)} data-testid="assistant-fab">
      <img src={MASCOT_IMAGE_URL} alt="" draggable={false} />
      {busy && <span className="assistant-fab-dot" aria-hidden="true" />}
    </button>
  );
}

/** The floating Yumi button and, when expanded, the assistant overlay: mounted once for every screen. */
function AssistantRootInner() {
  const expanded = useAssistant((s) => s.expanded);
  useArchiveSync(useCurrentUser().user?.id);
  const wasExpanded = useRef(false);
  useEffect(() => {
    // Other features open the assistant on a tab, optionally sending a prompt (shared/ai openAssistant).
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenAssistantDetail>).detail ?? {};
      const s = useAssistant.getState();
      s.setExpanded(true);
      s.setTab(detail.tab ?? 'chat');
      if (detail.message) s.setDraft(detail.message);
    };
    window.addEventListener(ASSISTANT_EVENT, onOpen);
    return () => window.removeEventListener(ASSISTANT_EVENT, onOpen);
  }, []);
  useEffect(() => {
    // Focus returns to the floating button when the panel is minimised.
    if (wasExpanded.current && !expanded) document.querySelector<HTMLButtonElement>('.assistant-fab')?.focus();
    wasExpanded.current = expanded;
  }, [expanded]);
  return expanded ? (
    <Suspense fallback={<div className="assistant-panel assistant-loading" aria-busy="true"><div className="spinner" /></div>}>
      <AssistantPanel />
    </Suspense>
  ) : (
    <FloatingButton />
  );
}

export function AssistantRoot() {
  return (
    <Suspense fallback={null}>
      <AssistantRootInner />
    </Suspense>
  );
}
