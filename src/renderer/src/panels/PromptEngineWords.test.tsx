import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineSettings } from '../../../shared/engineSettings';
import { ErrorHelp } from '../components/ErrorHelp';
import { SETTINGS } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { StoreProvider } from '../store/StoreContext';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

const local: EngineSettings = {
  default: { provider: 'openai', model: 'qwen2.5-7b', mode: 'auto' },
  workflows: { plainPrompt: { provider: 'openai', model: 'llama-3.1-8b', mode: 'auto' } },
  baseUrls: { openai: 'http://localhost:8000/v1' },
};

function onEngines(engines: EngineSettings) {
  const setup = setupStore();
  setup.store.setState({ settings: { ...SETTINGS, engines } });
  return setup;
}

const options = () =>
  within(screen.getByRole('combobox', { name: 'Model' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the Prompt panel in the words of the engine in use', () => {
  it('offers the CLI aliases and names Claude on Claude Code', () => {
    renderWith(<PromptPanel />, setupStore());
    expect(options()).toEqual(['Default (opus)', 'sonnet', 'opus', 'haiku']);
    expect(screen.getByText(/^Claude derives user stories/)).toBeTruthy();
  });

  it("offers an API engine's own models, never the CLI's aliases, and does not name Claude", () => {
    const setup = onEngines(local);
    renderWith(<PromptPanel />, setup);
    expect(options()).toEqual(['Default (qwen2.5-7b)', 'qwen2.5-7b', 'llama-3.1-8b']);
    expect(screen.queryByText(/Claude/)).toBeNull();
    expect(screen.getByText(/^The model derives user stories/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Derive user stories' }));
    // The plain prompt has its own row: its model is the default there.
    expect(options()[0]).toBe('Default (llama-3.1-8b)');
  });
});

describe('errors in the words of the engine that failed', () => {
  const show = (setup: ReturnType<typeof setupStore>, error: Parameters<typeof ErrorHelp>[0]['error']) =>
    render(
      <StoreProvider store={setup.store}>
        <ErrorHelp error={error} onDismiss={() => {}} />
      </StoreProvider>,
    );

  it('sends a local server’s API error to that server, not to Anthropic’s status page', () => {
    show(onEngines(local), {
      code: 'api_error',
      message: 'The API returned an error. (openai: 500)',
      details: { provider: 'openai', rawLines: ['{"error":"boom"}'] },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(/anthropic|Claude|CLI/i);
    expect(alert.textContent).toContain('http://localhost:8000/v1');
    expect(within(alert).getByRole('heading').textContent).toBe('The openai API returned an error');
    expect(alert.textContent).toContain('Raw output (1 lines)');
  });

  it('keeps status.anthropic.com for Claude Code', () => {
    show(setupStore(), { code: 'api_error', message: 'The API returned an error.' });
    expect(screen.getByRole('alert').textContent).toContain('status.anthropic.com');
  });

  it('says to choose a model once', () => {
    show(onEngines(local), {
      code: 'no_model',
      message:
        'No model was given for this provider, and it has no default one. Choose a model. (the openai provider has no default model)',
      details: { provider: 'openai' },
    });
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text.match(/choose a model/gi)).toHaveLength(1);
    expect(text).toContain('Settings → Engines');
  });

  it('names the model, not Claude, when an API engine’s answer has the wrong shape', () => {
    show(onEngines(local), {
      code: 'validation_failed',
      message: 'The answer did not match the schema.',
      details: { provider: 'openai' },
    });
    expect(screen.getByRole('alert').textContent).not.toMatch(/Claude/);
    expect(screen.getByRole('heading').textContent).toBe(
      "The model's answer did not match the expected format",
    );
  });
});
