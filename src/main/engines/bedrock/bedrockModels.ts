/**
 * Which Bedrock models can return schema-true JSON which way, in modelSupport.ts's terms (the first entry that
 * matches wins). Unlike the other providers, Bedrock's native structured output (`outputConfig.textFormat`) is
 * the exception: Claude 4.5 and later and some open-weight models have it; most models that call tools take a
 * forced `toolChoice`; a few old text models do neither. A model id may carry a cross-region inference
 * profile's prefix (`us.`, `eu.`, `global.`...) or be an ARN (modelSupport drops what precedes its first `/`).
 */

/** A cross-region inference profile's geography, before the vendor. */
const GEO = '^(?:(?:us|us-gov|eu|apac|global|jp|au|ca)\\.)?';
const id = (vendorModel: string) => new RegExp(`${GEO}${vendorModel}`);

export const BEDROCK_EXCEPTIONS = [
  {
    match: id(
      '(?:amazon\\.titan-text|meta\\.llama2|meta\\.llama3-(?:8b|70b)-instruct|mistral\\.mistral-7b|mistral\\.mixtral|ai21\\.j2|cohere\\.command-(?:text|light))',
    ),
    native: false,
    tool: false,
    why: 'no tool use and no structured output in the Converse API',
  },
  {
    match: id(
      '(?:anthropic\\.claude-(?:opus|sonnet|haiku)-(?:4-[5-9]|[5-9])|qwen\\.|deepseek\\.|openai\\.|moonshot(?:ai)?\\.|minimax\\.|nvidia\\.|google\\.gemma)',
    ),
    native: true,
    tool: true,
    why: 'native structured output on Bedrock',
  },
  {
    match: /./,
    native: false,
    tool: true,
    why: 'no native structured output on Bedrock (Claude 4.5 and later and some open-weight models have it)',
  },
] as const;

/**
 * Offered by the model picker: Bedrock's catalogue is per account and region, and listing it takes the control
 * plane's client (ListFoundationModels), which Puffin does not ship; any other model id or inference profile can
 * be typed in.
 */
export const BEDROCK_SUGGESTED_MODELS = [
  'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  'global.anthropic.claude-opus-4-5-20251101-v1:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'us.amazon.nova-pro-v1:0',
  'us.meta.llama3-3-70b-instruct-v1:0',
];
