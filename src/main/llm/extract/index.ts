export type * from './extraction';
export { extractStructured } from './extractStructured';
export { unwrapEnvelope, type UnwrapResult } from './envelope';
export { STRUCTURED_OUTPUT_TOOL } from './toolUseData';
