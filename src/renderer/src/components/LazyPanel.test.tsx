import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPanel, PanelSlot, preloadPanels } from './LazyPanel';

/** An importer the test resolves or rejects by hand, counting its calls. */
function controlled() {
  const calls: { resolve: (c: ComponentType) => void; reject: (e: Error) => void }[] = [];
  const importer = () => new Promise<ComponentType>((resolve, reject) => calls.push({ resolve, reject }));
  return { importer, calls };
}

const Hello = () => <p>Hello panel</p>;
afterEach(cleanup);

describe('PanelSlot', () => {
  it('shows a loading line until the chunk arrives, then the panel; a loaded panel renders at once', async () => {
    const { importer, calls } = controlled();
    const panel = lazyPanel(importer);
    const first = render(<PanelSlot panel={panel} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => calls[0]!.resolve(Hello));
    expect(screen.getByText('Hello panel')).toBeTruthy();
    first.unmount();
    // Opened again: no loading line, no second import.
    render(<PanelSlot panel={panel} />);
    expect(screen.getByText('Hello panel')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('says what went wrong when the chunk cannot load, and tries again on request', async () => {
    const { importer, calls } = controlled();
    render(<PanelSlot panel={lazyPanel(importer)} />);
    await act(async () => calls[0]!.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch dynamically imported module');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve(Hello));
    expect(screen.getByText('Hello panel')).toBeTruthy();
  });
});

describe('preloadPanels', () => {
  it('loads the panels one after another, goes on past a failure, and stops when cancelled', async () => {
    const a = controlled();
    const b = controlled();
    const c = controlled();
    const panels = [lazyPanel(a.importer), lazyPanel(b.importer), lazyPanel(c.importer)];
    const stop = preloadPanels(panels);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect([a.calls.length, b.calls.length, c.calls.length]).toEqual([1, 0, 0]);
    await act(async () => a.calls[0]!.reject(new Error('offline')));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect([b.calls.length, c.calls.length]).toEqual([1, 0]);
    stop();
    await act(async () => b.calls[0]!.resolve(Hello));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(panels[1]!.loaded).toBe(Hello);
    expect(c.calls).toHaveLength(0);
  });
});
