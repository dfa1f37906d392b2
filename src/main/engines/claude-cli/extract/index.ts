export type * from './extraction';
export { extractStructured } from './extractStructured';
export { STRUCTURED_OUTPUT_TOOL } from './toolUseData';
