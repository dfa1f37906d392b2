// What each provider folder declares about itself, checked against what the rest of the app relies on: the key
// variable Settings → Keys and the keychain use, a base URL the settings accept, a tier map, a capability table.
import { describe, expect, it } from 'vitest';
import { BASE_URL_PATTERN, isKeyedProvider } from '../../shared/engineSettings';
import { PROVIDER_NAMES } from '../../shared/engines';
import { silentLogger } from '../base/logger';
import { createProviders } from './registry';

const providers = createProviders({
  logger: silentLogger,
  env: () => ({}),
  cli: { locate: () => Promise.reject(new Error('the CLI is not asked')) },
});

describe.each(PROVIDER_NAMES)('%s traits', (name) => {
  const p = providers(name);

  it('is filed under its own name', () => {
    expect(p.name).toBe(name);
  });

  it('names a key variable exactly when Settings and the keychain keep a key for it', () => {
    expect(p.keyEnvVar !== null).toBe(isKeyedProvider(name));
  });

  it('has a default root URL the settings would accept, and a hint', () => {
    expect(p.baseUrl === null).toBe(name === 'claude-cli');
    expect(p.baseUrl?.default ?? 'http://none').toMatch(new RegExp(BASE_URL_PATTERN));
    expect(p.baseUrl?.hint.length ?? 6).toBeGreaterThan(5);
  });

  it('maps the default tier to no model of its own (the user’s model answers)', () => {
    expect(p.tierModel('default')).toBeUndefined();
  });
});

it('only the CLI picks a model for the fast tier: an API engine keeps the model the user chose', () => {
  const fast = Object.fromEntries(PROVIDER_NAMES.map((n) => [n, providers(n).tierModel('fast') ?? null]));
  expect(fast).toEqual({
    'claude-cli': 'haiku',
    anthropic: null,
    openai: null,
    ollama: null,
    gemini: null,
    bedrock: null,
  });
});

it('shapes a schema per provider and mode, leaving the original untouched', () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
    required: ['n'],
  } as const;
  const copy = structuredClone(schema);
  const anthropic = providers('anthropic');
  expect(anthropic.shapeSchema(schema, 'native')).not.toHaveProperty('properties.n.minimum');
  expect(anthropic.shapeSchema(schema, 'tool')).toEqual(schema);
  // OpenAI strict mode: every property required, the optional one nullable.
  expect(providers('openai').shapeSchema(schema, 'native')).toMatchObject({ required: ['n', 'note'] });
  expect(schema).toEqual(copy);
});
