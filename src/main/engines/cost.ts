/**
 * Cost from usage, for the providers that report tokens but no price (every API provider; the CLI says its cost
 * itself). Prices live in one data file, prices.json; a model it does not list costs `null` (unknown), never 0.
 */
import type { ProviderName } from '../../shared/engines';
import table from './prices.json';

export interface Price {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
}

export type PriceTable = Readonly<Record<ProviderName, Readonly<Record<string, Price>>>>;

export const PRICES: PriceTable = table.providers;

/** The price of a model: exact, else the longest listed name it extends with `-…` (a dated snapshot), else `*`. */
export function priceOf(provider: ProviderName, model: string, prices: PriceTable = PRICES): Price | null {
  const listed = prices[provider];
  if (listed[model]) return listed[model];
  const base = Object.keys(listed)
    .filter((k) => k !== '*' && model.startsWith(`${k}-`))
    .sort((a, b) => b.length - a.length)[0];
  return (base ? listed[base] : listed['*']) ?? null;
}

/** USD for the tokens of one call; null when the model's price or the token counts are unknown. */
export function costFromUsage(
  provider: ProviderName,
  model: string | null,
  tokensIn: number | null,
  tokensOut: number | null,
  prices: PriceTable = PRICES,
): number | null {
  if (model === null || tokensIn === null || tokensOut === null) return null;
  const price = priceOf(provider, model, prices);
  if (!price) return null;
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}
