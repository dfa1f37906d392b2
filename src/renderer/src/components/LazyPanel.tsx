import { useEffect, useState, type ComponentType } from 'react';

/**
 * A panel kept in its own chunk: start-up evaluates only the shell (one long script task on a slow machine
 * otherwise), the chunks are fetched in the background right after the first paint, and a panel that is already
 * loaded renders at once. Not React.lazy + Suspense: a lazy component suspends on its first render even when its
 * module has arrived, and React holds a Suspense fallback for at least 300 ms.
 */
export interface LazyPanel {
  /** The component once its chunk has been evaluated. */
  loaded: ComponentType | undefined;
  /** Loads the chunk (once; again after a failure). */
  load(): Promise<ComponentType>;
}

export function lazyPanel(importer: () => Promise<ComponentType>): LazyPanel {
  let pending: Promise<ComponentType> | undefined;
  const panel: LazyPanel = {
    loaded: undefined,
    load: () =>
      (pending ??= importer().then(
        (component) => (panel.loaded = component),
        (err: unknown) => {
          pending = undefined; // a later attempt may succeed (the host was restarting, the network blinked)
          throw err;
        },
      )),
  };
  return panel;
}

/** Loads the panels one after another, each in its own task, so no single task evaluates them all. */
export function preloadPanels(panels: readonly LazyPanel[]): () => void {
  let cancelled = false;
  const queue = [...panels];
  const next = () => {
    const panel = queue.shift();
    if (cancelled || !panel) return;
    panel.load().then(
      () => setTimeout(next, 0),
      () => setTimeout(next, 0), // shown when the panel is opened, with a retry
    );
  };
  const timer = setTimeout(next, 0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Renders the panel, or a loading line until its chunk arrives, or what went wrong with a retry. */
export function PanelSlot({ panel }: { panel: LazyPanel }) {
  const [state, setState] = useState<{ panel: LazyPanel; error?: string }>({ panel });
  const error = state.panel === panel ? state.error : undefined;
  const Loaded = panel.loaded;
  useEffect(() => {
    if (panel.loaded || error) return;
    let active = true;
    panel.load().then(
      () => active && setState({ panel }),
      (err: unknown) =>
        active && setState({ panel, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      active = false;
    };
  }, [panel, error]);
  if (Loaded) return <Loaded />;
  if (error)
    return (
      <div role="alert" className="notice error">
        <span>This panel could not be loaded: {error}</span>
        <button type="button" onClick={() => setState({ panel })}>
          Try again
        </button>
      </div>
    );
  return (
    <p className="muted" data-testid="panel-loading">
      Loading…
    </p>
  );
}
