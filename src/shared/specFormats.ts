/** The spec formats of other tools Puffin writes and reads, and the plan files it reads. */

/** Written by `puffin export --format` and read back by `puffin import --format`. */
export const EXPORT_FORMATS = ['openspec', 'speckit', 'kiro', 'backlog-md'] as const;
/** Read only: agents' plan files, imported as a sprint plan draft to review. */
export const PLAN_FORMATS = ['claude-plan', 'cursor-plan'] as const;
export const SPEC_FORMATS = [...EXPORT_FORMATS, ...PLAN_FORMATS] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type SpecFormat = (typeof SPEC_FORMATS)[number];

export const FORMAT_LABEL: Record<SpecFormat, string> = {
  openspec: 'OpenSpec',
  speckit: 'Spec Kit',
  kiro: 'Kiro',
  'backlog-md': 'Backlog.md',
  'claude-plan': 'Claude Code plan',
  'cursor-plan': 'Cursor plan',
};
