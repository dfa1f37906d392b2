import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeysView, ProviderFacts } from '../../../../shared/engineSettings';
import { errorData, IpcError } from '../../../../shared/ipc/errors';
import type { Settings } from '../../../../shared/settings';
import { createAppStore } from '../../store/appStore';
import { StoreProvider } from '../../store/StoreContext';
import { createFakeClient, SETTINGS } from '../../../../../test/support/renderer/fakeClient';
import { PROVIDER_FACTS } from '../../../../../test/support/providerFacts';
import { EnginesSettings } from './EnginesSettings';
import { KeysSettings } from './KeysSettings';

afterEach(cleanup);

const KEYS: KeysView = {
  canStore: true,
  keys: [
    { provider: 'anthropic', envVar: 'ANTHROPIC_API_KEY', source: 'env' },
    { provider: 'openai', envVar: 'OPENAI_API_KEY', source: 'keychain' },
    { provider: 'gemini', envVar: 'GEMINI_API_KEY', source: 'missing' },
  ],
};

/** The panels, once main's answers to what they load at mount have arrived. */
async function setup(keys: KeysView = KEYS, providers: ProviderFacts[] = PROVIDER_FACTS) {
  const client = createFakeClient();
  client.handle('engines:providers', () => ({ providers }));
  let saved: Settings = structuredClone(SETTINGS);
  client.handle('settings:update', (patch) => (saved = { ...saved, ...(patch as Partial<Settings>) }));
  client.handle('engines:models', ({ provider }) => ({
    models: provider === 'openai' ? ['gpt-4.1', 'gpt-4o-mini'] : [],
  }));
  client.handle('keys:status', () => keys);
  client.handle('keys:set', () => ({
    ...keys,
    keys: keys.keys.map((k) => ({ ...k, source: 'keychain' as const })),
  }));
  client.handle('keys:clear', () => keys);
  const store = createAppStore(client);
  store.setState({ settings: saved });
  const view = render(
    <StoreProvider store={store}>
      <EnginesSettings />
      <KeysSettings />
    </StoreProvider>,
  );
  await act(async () => {});
  return { client, view };
}

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('EnginesSettings', () => {
  it('offers the providers, base URL fields and hints main serves, and nothing of its own', async () => {
    const served: ProviderFacts[] = [
      { name: 'claude-cli', keyEnvVar: null, baseUrl: null, modelHint: 'the CLI picks' },
      {
        name: 'ollama',
        keyEnvVar: null,
        baseUrl: { default: 'http://127.0.0.1:11434', hint: 'served: where Ollama listens' },
        modelHint: 'served: a pulled model',
      },
    ];
    const { client, view } = await setup(KEYS, served);
    expect(client.callsTo('engines:providers')).toEqual([{}]);
    expect([...select('Default engine provider').options].map((o) => o.value)).toEqual([
      'claude-cli',
      'ollama',
    ]);
    expect((screen.getByLabelText('Default engine model') as HTMLInputElement).placeholder).toBe(
      'the CLI picks',
    );
    const urls = view.container.querySelectorAll('input[id^="base-url-"]');
    expect([...urls].map((u) => [u.id, (u as HTMLInputElement).placeholder])).toEqual([
      ['base-url-ollama', 'served: where Ollama listens'],
    ]);
    fireEvent.change(select('Default engine provider'), { target: { value: 'ollama' } });
    expect((screen.getByLabelText('Default engine model') as HTMLInputElement).placeholder).toBe(
      'served: a pulled model',
    );
  });

  it('chooses a provider and a listed model for one workflow and saves it with its base URL', async () => {
    const { client } = await setup();
    fireEvent.change(select('Derive stories provider'), { target: { value: 'openai' } });
    await act(async () => {
      fireEvent.click(within(row('Derive stories')).getByRole('button', { name: 'List models' }));
    });
    // The listed models are a visible choice; picking one fills the model field.
    const listed = select('Derive stories listed models');
    expect([...listed.options].map((o) => o.value)).toEqual(['', 'gpt-4.1', 'gpt-4o-mini']);
    fireEvent.change(listed, { target: { value: 'gpt-4o-mini' } });
    expect(screen.getByLabelText('Derive stories model')).toHaveProperty('value', 'gpt-4o-mini');
    fireEvent.change(screen.getByLabelText('openai base URL'), {
      target: { value: 'http://127.0.0.1:9000/v1' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save engines' }));
    });
    expect(client.callsTo('settings:update')).toEqual([
      {
        engines: {
          default: { provider: 'claude-cli', model: '', mode: 'auto' },
          workflows: { deriveStories: { provider: 'openai', model: 'gpt-4o-mini', mode: 'auto' } },
          baseUrls: { openai: 'http://127.0.0.1:9000/v1' },
        },
      },
    ]);
  });

  it('offers bedrock with its endpoint, saved like any provider', async () => {
    const { client } = await setup();
    fireEvent.change(select('Default engine provider'), { target: { value: 'bedrock' } });
    fireEvent.change(screen.getByLabelText('Default engine model'), {
      target: { value: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' },
    });
    const url = screen.getByLabelText('bedrock base URL') as HTMLInputElement;
    expect(url.placeholder).toBe(
      'empty: the endpoint of the AWS region configured (AWS_REGION or the profile)',
    );
    fireEvent.change(url, {
      target: { value: 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save engines' }));
    });
    expect(client.callsTo('settings:update')).toEqual([
      {
        engines: {
          default: {
            provider: 'bedrock',
            model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
            mode: 'auto',
          },
          workflows: {},
          baseUrls: { bedrock: 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com' },
        },
      },
    ]);
  });

  it('refuses a base URL that is not http(s)', async () => {
    await setup();
    fireEvent.change(screen.getByLabelText('ollama base URL'), { target: { value: 'localhost:11434' } });
    expect(screen.getByText('A base URL starts with http:// or https://.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save engines' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tests the connection and shows the result, or the typed error with its next step', async () => {
    const { client } = await setup();
    client.handle('engines:test', ({ provider, model }) => {
      if (provider === 'gemini')
        throw new IpcError(
          errorData('no_api_key', 'gemini: GEMINI_API_KEY is not set', { provider: 'gemini' }),
        );
      return { provider, model: model ?? null, mode: 'native', durationMs: 1200 };
    });
    fireEvent.change(select('Default engine provider'), { target: { value: 'openai' } });
    fireEvent.change(screen.getByLabelText('Default engine model'), { target: { value: 'gpt-4.1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection: Default engine' }));
    });
    expect(within(row('Default engine')).getByRole('status').textContent).toContain(
      'Connected: openai gpt-4.1 (native) answered in 1.2 s.',
    );
    expect(client.callsTo('engines:test')).toEqual([{ provider: 'openai', model: 'gpt-4.1', mode: 'auto' }]);

    fireEvent.change(select('Title provider'), { target: { value: 'gemini' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection: Title' }));
    });
    const alert = within(row('Title')).getByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('no_api_key');
    expect(alert.textContent).toContain('No API key for this provider');
    expect(alert.textContent).toContain('GEMINI_API_KEY is not set');
  });
});

describe('KeysSettings', () => {
  it('says where each key comes from and stores one with the keychain', async () => {
    const { client } = await setup();
    await act(async () => {});
    expect(screen.getByTestId('key-anthropic').textContent).toContain('from ANTHROPIC_API_KEY');
    expect(screen.getByTestId('key-openai').textContent).toContain('stored in the keychain');
    expect(screen.getByTestId('key-gemini').textContent).toContain('missing');
    fireEvent.change(screen.getByLabelText('gemini API key'), { target: { value: 'g-secret' } });
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('key-gemini')).getByRole('button', { name: 'Set key' }));
    });
    expect(client.callsTo('keys:set')).toEqual([{ provider: 'gemini', key: 'g-secret' }]);
    expect(screen.getByTestId('key-gemini').textContent).toContain('stored in the keychain');
    expect((screen.getByLabelText('gemini API key') as HTMLInputElement).value).toBe('');
  });

  it('offers no key input where there is no keychain', async () => {
    await setup({ ...KEYS, canStore: false });
    await act(async () => {});
    expect(screen.getByText(/Keys come from the environment/)).toBeTruthy();
    expect(screen.queryByLabelText('gemini API key')).toBeNull();
  });
});
