/**
 * Amazon Bedrock as a provider: credentials and region from the AWS configuration (no key variable of its own),
 * the region's endpoint unless a base URL is set, native structured output only on the models that have it
 * (bedrockModels.ts), a forced tool on the others, the schema shaped as Claude's native mode takes it.
 */
import { NATIVE_DROPS } from '../anthropic/anthropicRequest';
import { supportFrom } from '../modelSupport';
import type { ProviderTraits } from '../provider';
import { shapeSchema } from '../schemaShapes/shapeSchema';
import { BEDROCK_EXCEPTIONS } from './bedrockModels';

export const BEDROCK_TRAITS: ProviderTraits = {
  name: 'bedrock',
  words: {
    who: 'Amazon Bedrock',
    service: 'Amazon Bedrock',
    status: 'the AWS Health Dashboard (health.aws.amazon.com)',
  },
  keyEnvVar: null,
  baseUrl: {
    default: 'https://bedrock-runtime.us-east-1.amazonaws.com',
    hint: 'empty: the endpoint of the AWS region configured (AWS_REGION or the profile)',
  },
  tierModel: () => undefined,
  support: (model) => supportFrom({ native: true, tool: true }, BEDROCK_EXCEPTIONS, model),
  shapeSchema: (schema, mode) =>
    mode === 'native'
      ? shapeSchema(schema, { drop: NATIVE_DROPS, maxMinItems: 1, closeObjects: true })
      : schema,
};
