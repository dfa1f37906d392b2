export {
  extractLegacy,
  type LegacyExpect,
  type LegacyOptions,
  type LegacyResult,
  type LegacyStrategy,
  type LegacyErrorCode,
} from './extractLegacy';
export { looksLikeClarification } from './clarification';
