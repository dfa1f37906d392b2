import { useEffect } from 'react';
import { lazyPanel, PanelSlot, preloadPanels, type LazyPanel } from './components/LazyPanel';
import { describeError } from './lib/errorHelp';
import { useErrorEngine } from './components/useErrorEngine';
import { useTheme } from './components/useTheme';
import { ProjectHome } from './panels/ProjectHome';
import { useApp, useAppFields } from './store/StoreContext';
import type { View } from './store/types';

// Every panel but the project home is its own chunk (see LazyPanel.tsx).
const PANELS: Readonly<Record<Exclude<View, 'project'>, LazyPanel>> = {
  prompt: lazyPanel(() => import('./panels/PromptPanel').then((m) => m.PromptPanel)),
  backlog: lazyPanel(() => import('./panels/Backlog').then((m) => m.Backlog)),
  sprints: lazyPanel(() => import('./panels/SprintsPanel').then((m) => m.SprintsPanel)),
  board: lazyPanel(() => import('./panels/board/BoardPanel').then((m) => m.BoardPanel)),
  history: lazyPanel(() => import('./panels/HistoryPanel').then((m) => m.HistoryPanel)),
  assertions: lazyPanel(() => import('./panels/AssertionsPanel').then((m) => m.AssertionsPanel)),
  settings: lazyPanel(() => import('./panels/SettingsPanel').then((m) => m.SettingsPanel)),
  activity: lazyPanel(() => import('./panels/ActivityPanel').then((m) => m.ActivityPanel)),
};

const VIEWS: { id: View; label: string }[] = [
  { id: 'project', label: 'Project' },
  { id: 'prompt', label: 'Prompt' },
  { id: 'backlog', label: 'Backlog' },
  { id: 'sprints', label: 'Sprints' },
  { id: 'board', label: 'Board' },
  { id: 'history', label: 'History' },
  { id: 'assertions', label: 'Assertions' },
  { id: 'settings', label: 'Settings' },
  { id: 'activity', label: 'Activity' },
];

export function App() {
  const { boot, connectJourney, connectSprints, connectBoard, view, setView, notice, notify, project, info } =
    useAppFields(
      'boot',
      'connectJourney',
      'connectSprints',
      'connectBoard',
      'view',
      'setView',
      'notice',
      'notify',
      'project',
      'info',
    );
  const theme = useApp((s) => s.settings?.theme);
  const noticeEngine = useErrorEngine(notice?.kind === 'error' ? notice.details : undefined);
  useTheme(theme);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void boot().then((u) => (cancelled ? u() : (unsubscribe = u)));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [boot]);
  useEffect(() => connectJourney(), [connectJourney]);
  useEffect(() => preloadPanels(Object.values(PANELS)), []);
  useEffect(() => connectSprints(), [connectSprints]);
  useEffect(() => connectBoard(), [connectBoard]);

  return (
    <div className="app">
      <header className="topbar">
        <h1>Puffin</h1>
        <span className="muted">{project ? project.name : 'No project open'}</span>
        {info && <span className="muted face">{info.face === 'browser' ? 'browser host' : 'desktop'}</span>}
      </header>
      <nav className="sidebar" aria-label="Panels">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            aria-current={view === v.id ? 'page' : undefined}
            onClick={() => setView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </nav>
      <main className="content">
        {notice && (
          <div role={notice.kind === 'error' ? 'alert' : 'status'} className={`notice ${notice.kind}`}>
            <span>{notice.message}</span>
            {notice.kind === 'error' && (
              <span className="muted">
                {' '}
                {describeError(notice, undefined, noticeEngine, { projectOpen: project !== null }).next}
              </span>
            )}
            <button type="button" className="subtle" aria-label="Dismiss" onClick={() => notify(null)}>
              ×
            </button>
          </div>
        )}
        {view === 'project' ? <ProjectHome /> : <PanelSlot panel={PANELS[view]} />}
      </main>
    </div>
  );
}
