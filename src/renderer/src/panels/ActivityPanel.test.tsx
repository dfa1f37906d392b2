import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLevel, LogLine } from '../../../shared/log';
import { createAppStore } from '../store/appStore';
import { StoreProvider } from '../store/StoreContext';
import { createFakeClient } from '../../../../test/support/renderer/fakeClient';
import { ActivityPanel } from './ActivityPanel';

afterEach(cleanup);

let seq = 0;
function line(level: LogLevel, scope: string, message: string): LogLine {
  seq++;
  return { seq, level, scope, message, time: '2025-01-01T12:00:00.000Z' };
}

function setup() {
  const store = createAppStore(createFakeClient());
  for (const l of [
    line('debug', 'llm', 'spawned claude --print'),
    line('info', 'project', 'Opened project demo'),
    line('warn', 'ipc', 'Rejected an invalid payload on settings:update'),
    line('error', 'settings', 'Settings file was unreadable'),
    line('info', 'host', 'Browser host listening'),
  ])
    store.getState().appendLine(l);
  render(
    <StoreProvider store={store}>
      <ActivityPanel />
    </StoreProvider>,
  );
  return { store };
}

const messages = () =>
  Array.from(screen.getByRole('list', { name: 'Activity lines' }).querySelectorAll('.message')).map(
    (m) => m.textContent,
  );
const levelBox = (level: LogLevel) => screen.getByRole('checkbox', { name: level }) as HTMLInputElement;
const counter = () => screen.getByText(/ of \d+$/).textContent;

describe('ActivityPanel', () => {
  it('shows lines with level, scope and time, hiding debug by default', () => {
    setup();
    expect(messages()).toEqual([
      'Opened project demo',
      'Rejected an invalid payload on settings:update',
      'Settings file was unreadable',
      'Browser host listening',
    ]);
    expect(counter()).toBe('4 of 5');
    const first = screen.getByRole('list', { name: 'Activity lines' }).querySelector('li')!;
    expect(first.className).toBe('log-info');
    expect(first.querySelector('.level')?.textContent).toBe('info');
    expect(first.querySelector('.scope')?.textContent).toBe('project');
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2025-01-01T12:00:00.000Z');
    expect(levelBox('debug').checked).toBe(false);
    expect(levelBox('info').checked).toBe(true);
  });

  it('filters by level with the checkboxes', () => {
    const { store } = setup();
    fireEvent.click(levelBox('info'));
    expect(messages()).toEqual([
      'Rejected an invalid payload on settings:update',
      'Settings file was unreadable',
    ]);
    fireEvent.click(levelBox('debug'));
    expect(messages()).toEqual([
      'spawned claude --print',
      'Rejected an invalid payload on settings:update',
      'Settings file was unreadable',
    ]);
    expect(store.getState().levelFilter).toEqual({ debug: true, info: false, warn: true, error: true });
    expect(counter()).toBe('3 of 5');
  });

  it('filters by text in the message or the scope, ignoring case', () => {
    setup();
    const filter = screen.getByLabelText('Filter activity');
    fireEvent.change(filter, { target: { value: 'SETTINGS' } });
    // "settings" matches a message (settings:update) and a scope (settings).
    expect(messages()).toEqual([
      'Rejected an invalid payload on settings:update',
      'Settings file was unreadable',
    ]);
    fireEvent.change(filter, { target: { value: 'host' } });
    expect(messages()).toEqual(['Browser host listening']);
    fireEvent.change(filter, { target: { value: 'nothing matches this' } });
    expect(messages()).toEqual([]);
    expect(counter()).toBe('0 of 5');
    fireEvent.change(filter, { target: { value: '' } });
    expect(messages()).toHaveLength(4);
  });

  it('combines the level and text filters', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Filter activity'), { target: { value: 'settings' } });
    fireEvent.click(levelBox('warn'));
    expect(messages()).toEqual(['Settings file was unreadable']);
  });

  it('shows lines that arrive live', async () => {
    const { store } = setup();
    await act(async () => store.getState().appendLine(line('warn', 'llm', 'CLI exited with code 1')));
    expect(messages().at(-1)).toBe('CLI exited with code 1');
    expect(counter()).toBe('5 of 6');
  });
});
