import { TOOL_CATALOGUE } from '@yumi/core';
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { WritingView } from './store';
import { Workspace } from './Workspace';
import './writing.css';

const WritingScreen = lazy(() => import('./WritingScreen'));
const VIEW_KEY = 'writing.view';

/** The screen an address asks for: ?screen=writing|report, or ?tool=<a Writing tool> (the writing screen). */
function viewOf(search: string): WritingView | null {
  const params = new URLSearchParams(search);
  const screen = params.get('screen');
  if (screen === 'writing' || screen === 'report') return screen;
  const tool = params.get('tool');
  return tool && TOOL_CATALOGUE.some((t) => t.mode === 'writing' && t.id === tool) ? 'writing' : null;
}

function initialView(): WritingView {
  try {
    // /writing?screen=report (or =writing, or ?tool=...) opens that screen directly, e.g. from a link or a test.
    const v = viewOf(window.location.search) ?? sessionStorage.getItem(VIEW_KEY);
    return v === 'writing' || v === 'report' ? v : 'menu';
  } catch {
    return 'menu';
  }
}

/**
 * /writing and /writing-helper: one screen whose views switch by state (main menu, writing, report).
 * The view survives a reload of this tab.
 */
/** `report`: the Report Helper screen, handed over by the app shell (another feature's lazy chunk). */
export default function WritingPage({ report: ReportScreen }: { report: ComponentType<{ onBack(): void }> }) {
  const [view, setViewState] = useState<WritingView>(initialView);
  const setView = useCallback((v: WritingView) => {
    setViewState(v);
    try {
      sessionStorage.setItem(VIEW_KEY, v);
    } catch {
      /* ignore */
    }
  }, []);
  // An action button on this page (the assistant's answer) changes only the address: follow it.
  const { search } = useLocation();
  useEffect(() => {
    const wanted = viewOf(search);
    if (wanted) setView(wanted);
  }, [search, setView]);
  const back = () => setView('menu');
  return (
    <div className="writing-app">
      {view === 'menu' && <Workspace onOpen={setView} />}
      {view === 'writing' && (
        <Suspense fallback={<div className="center-page" aria-busy="true"><div className="spinner" /></div>}>
          <WritingScreen onBack={back} />
        </Suspense>
      )}
      {view === 'report' && (
        <Suspense fallback={<div className="center-page" aria-busy="true"><div className="spinner" /></div>}>
          <ReportScreen onBack={back} />
        </Suspense>
      )}
    </div>
  );
}
