// Each provider's Settings facts as its folder's traits.ts declares them, written out by hand: what
// `engines:providers` must answer (test/settings/providerFacts.test.ts) and what the renderer's tests serve.
import type { ProviderFacts } from '../../src/shared/engineSettings';

export const PROVIDER_FACTS: ProviderFacts[] = [
  { name: 'claude-cli', keyEnvVar: null, baseUrl: null, modelHint: 'CLI default' },
  {
    name: 'anthropic',
    keyEnvVar: 'ANTHROPIC_API_KEY',
    baseUrl: { default: 'https://api.anthropic.com', hint: 'empty: api.anthropic.com' },
    modelHint: 'model id',
  },
  {
    name: 'openai',
    keyEnvVar: 'OPENAI_API_KEY',
    baseUrl: { default: 'https://api.openai.com/v1', hint: 'the /v1 root, e.g. http://localhost:8000/v1' },
    modelHint: 'model id',
  },
  {
    name: 'ollama',
    keyEnvVar: null,
    baseUrl: { default: 'http://127.0.0.1:11434', hint: 'e.g. http://127.0.0.1:11434 (empty: OLLAMA_HOST)' },
    modelHint: 'model id',
  },
  {
    name: 'gemini',
    keyEnvVar: 'GEMINI_API_KEY',
    baseUrl: {
      default: 'https://generativelanguage.googleapis.com',
      hint: 'empty: generativelanguage.googleapis.com',
    },
    modelHint: 'model id',
  },
  {
    name: 'bedrock',
    keyEnvVar: null,
    baseUrl: {
      default: 'https://bedrock-runtime.us-east-1.amazonaws.com',
      hint: 'empty: the endpoint of the AWS region configured (AWS_REGION or the profile)',
    },
    modelHint: 'model id',
  },
];
