// The commands of the workflows that declare an action (src/shared/workflows.ts), derived from that declaration:
//   puffin <words> --project DIR [--<field> VALUE]...   (one flag per request field; a `stdin` field from stdin)
// data: the workflow's value; source, warnings and meta: its call (with the History record's id when kept).
import { WORKFLOW_ACTIONS, type WorkflowActionResult } from '../../shared/ipc/workflowChannels';
import type { RequestChannel } from '../../shared/ipc/contract';
import { flagOf, type ActionField, type NamedAction } from '../../shared/workflowActions';
import { callsSummary } from '../output';
import type { CommandSpec, FlagKind, FlagSpec } from '../spec';

function kindOf(field: ActionField): FlagKind {
  if (field.type === 'array') return field.items.type === 'integer' ? 'integers' : 'list';
  return field.type;
}

function flagSpec(field: string, schema: ActionField, required: boolean): FlagSpec {
  const choices = schema.type === 'string' && schema.enum ? { value: schema.enum.join('|') } : {};
  return { flag: flagOf(field), kind: kindOf(schema), field, ...(required ? { required } : {}), ...choices };
}

/** The command of one action: its words, a flag per request field, its answer in the one-object shape. */
export function actionCommand(action: NamedAction): CommandSpec {
  const { input, cli } = action;
  const required = new Set(input.required ?? []);
  const flags = Object.entries(input.properties)
    .filter(([field]) => field !== cli.stdin)
    .map(([field, schema]) => flagSpec(field, schema, required.has(field)));
  const spec: CommandSpec<RequestChannel> = {
    path: [...cli.path],
    summary: action.summary,
    channel: action.channel as RequestChannel,
    project: true,
    flags,
    ...(cli.stdin ? { stdin: { field: cli.stdin, what: cli.stdin, trim: true } } : {}),
    output: (value, ctx) => {
      const r = value as unknown as WorkflowActionResult<unknown>;
      const records = ctx.records();
      return records.length
        ? { data: r.data, ...callsSummary(records) }
        : { data: r.data, source: r.source, warnings: r.warnings, meta: r.meta };
    },
  };
  return spec;
}

/** Every workflow action's command, in the order of WORKFLOW_INFO. */
export const workflowCommands: readonly CommandSpec[] = WORKFLOW_ACTIONS.map(actionCommand);
