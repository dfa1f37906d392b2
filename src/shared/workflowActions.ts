/**
 * A workflow that the app and the command line reach on its own: declared once as the `action` of its entry in
 * WORKFLOW_INFO (src/shared/workflows.ts), from which its contract channel (request and answer), its handler and
 * its headless command are derived. Its request is the workflow's input, so it is limited to fields one flag can
 * fill: text, numbers, switches and comma-separated lists, each bounded.
 */
import type { JSONSchema } from 'json-schema-to-ts';

type Described = { readonly description?: string };

/** A field one command-line flag fills (or stdin, for one text field). */
export type ActionField = Described &
  (
    | {
        readonly type: 'string';
        readonly maxLength: number;
        readonly minLength?: number;
        readonly pattern?: string;
        readonly enum?: readonly string[];
      }
    | { readonly type: 'integer' | 'number'; readonly minimum?: number; readonly maximum?: number }
    | { readonly type: 'boolean' }
    | {
        readonly type: 'array';
        readonly maxItems: number;
        readonly minItems?: number;
        readonly uniqueItems?: boolean;
        readonly items:
          | {
              readonly type: 'string';
              readonly maxLength: number;
              readonly minLength?: number;
              readonly pattern?: string;
            }
          | { readonly type: 'integer'; readonly minimum?: number; readonly maximum?: number };
      }
  );

/** The request of a workflow's channel, which is also the workflow's input. */
export interface ActionInput {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly required?: readonly string[];
  readonly properties: { readonly [field: string]: ActionField };
}

export interface WorkflowAction {
  /** The contract channel, e.g. `stories:summarize`; the bridge's function name follows from it. */
  readonly channel: `${string}:${string}`;
  /** One line for `puffin --help`. */
  readonly summary: string;
  readonly input: ActionInput;
  /** The workflow's domain value (what its `map` returns): the answer's `data`. */
  readonly output: JSONSchema;
  /**
   * The command's words; `stdin` names the text field read from standard input instead of a flag. The command
   * works on a project (`--project DIR`): its calls are kept in that project's History.
   */
  readonly cli: { readonly path: readonly string[]; readonly stdin?: string };
}

/** An action with the workflow it runs. */
export interface NamedAction extends WorkflowAction {
  readonly workflow: string;
}

/** Every declared action of a workflow table, in the table's order. */
export function workflowActions(info: {
  readonly [workflow: string]: { readonly label: string; readonly action?: WorkflowAction };
}): NamedAction[] {
  return Object.entries(info).flatMap(([workflow, i]) => (i.action ? [{ ...i.action, workflow }] : []));
}

/** The contract's request schemas of those actions, keyed by channel. */
export function actionSchemas(actions: readonly NamedAction[]): Record<string, ActionInput> {
  return Object.fromEntries(actions.map((a) => [a.channel, a.input]));
}

/** `fieldName` → `field-name`: a request field's flag. */
export function flagOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
