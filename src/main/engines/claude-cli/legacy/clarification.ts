/**
 * Phrases of a model asking for more input instead of answering. The old extractor tested them on the whole
 * response before extracting, so a valid story list with an acceptance criterion like "asks: what would you
 * like to name the file?" was rejected. Here they are consulted only when no acceptable JSON was found.
 */
const CLARIFICATION_PATTERNS: readonly RegExp[] = [
  /\bneed (some |a bit )?more (information|details|context)\b/i,
  /\bcould you (please )?(describe|specify|provide|clarify|tell me|share|explain)\b/i,
  /\bcan you (please )?(describe|specify|provide|clarify|tell me|share|explain)\b/i,
  /\bwhat (feature|functionality|capability|kind of|type of)\b[^.?!]*\b(do you|would you)\b/i,
  /\bplease (describe|specify|provide|clarify)\b/i,
  /\bwhat would you like\b/i,
  /\bbefore I (can )?(proceed|continue|start|write)\b/i,
];

export function looksLikeClarification(text: string): boolean {
  return CLARIFICATION_PATTERNS.some((pattern) => pattern.test(text));
}
