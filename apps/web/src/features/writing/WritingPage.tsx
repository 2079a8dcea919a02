import { lazy, Suspense, useCallback, useState } from 'react';
import { ReportSlot } from './ReportSlot';
import type { WritingView } from './store';
import { Workspace } from './Workspace';
import './writing.css';

const WritingScreen = lazy(() => import('./WritingScreen'));
const VIEW_KEY = 'writing.view';

function initialView(): WritingView {
  try {
    // /writing?screen=report (or =writing) opens that screen directly, e.g. from a link or a test.
    const v = new URLSearchParams(window.location.search).get('screen') ?? sessionStorage.getItem(VIEW_KEY);
    return v === 'writing' || v === 'report' ? v : 'menu';
  } catch {
    return 'menu';
  }
}

/**
 * /writing and /writing-helper: one screen whose views switch by state (main menu, writing, report).
 * The view survives a reload of this tab.
 */
export default function WritingPage() {
  const [view, setViewState] = useState<WritingView>(initialView);
  const setView = useCallback((v: WritingView) => {
    setViewState(v);
    try {
      sessionStorage.setItem(VIEW_KEY, v);
    } catch {
      /* ignore */
    }
  }, []);
  const back = () => setView('menu');
  return (
    <div className="writing-app">
      {view === 'menu' && <Workspace onOpen={setView} />}
      {view === 'writing' && (
        <Suspense fallback={<div className="center-page" aria-busy="true"><div className="spinner" /></div>}>
          <WritingScreen onBack={back} />
        </Suspense>
      )}
      {view === 'report' && <ReportSlot onBack={back} />}
    </div>
  );
}
