/**
 * What a workflow is, declared once (src/main/workflows/<name>.ts): which schema the CLI answers in, how many
 * turns and how long it may take, the model tier it asks for, the prompt it builds from its input, which arrays the
 * live preview reports item by item, and how the validated answer becomes the domain value. Its label and history
 * kind come from src/shared/workflows.ts; runWorkflow (run.ts) turns a definition and an input into a call.
 */
import { WORKFLOW_INFO, type HistoryKind, type WorkflowName } from '../../shared/workflows';
import type { WatchPattern } from '../llm/preview/previewEvents';
import type { JsonSchema, SchemaData, SchemaName } from '../llm/schemas';
import type { ConversationTurn } from '../llm/conversation';
import type { ModelTier } from '../llm/promptTypes';

/** Earlier turns, then the prompt that follows them. */
export interface Conversation {
  history: ConversationTurn[];
  prompt: string;
}

/** The domain value, and warnings to add to the call's own (e.g. what the mapping dropped). */
export interface Mapped<O> {
  data: O;
  warnings?: string[];
}

/** A schema chosen by the caller's input (`puffin prompt --schema`), with its envelope key if any. */
export type SchemaFromInput<I> = (input: I) => { schema: JsonSchema; envelope?: string };

export interface WorkflowDefinition<I, D, O> {
  readonly name: WorkflowName;
  readonly label: string;
  /** The History record kind of each call, or null when calls are not recorded. */
  readonly historyKind: HistoryKind | null;
  /** A registered schema, a schema object (with `envelope`), or one the input brings. */
  readonly schema: SchemaName | JsonSchema | SchemaFromInput<I>;
  /** Key to unwrap from an unregistered schema's output (registered schemas know their own). */
  readonly envelope?: string;
  /**
   * Whether the workflow is about the project's code: such a call runs in the project with read-only tools when
   * the caller gives it a project (CallOptions.grounding); the others (titles, plain prompts) stay hermetic.
   */
  readonly grounded: boolean;
  /** How many turns (at least 2 with a schema) and how long a call may take, unless the call says otherwise. */
  readonly limits: { readonly maxTurns: number; readonly timeoutMs: number };
  /** What it asks of the model (a title: `fast`); each provider maps a tier to its model. Absent: `default`. */
  readonly tier?: ModelTier;
  /** Arrays whose closed elements the live preview reports (`[]`: none worth showing live). */
  readonly previewWatch: readonly WatchPattern[];
  prompt(input: I): string;
  /**
   * A round on a previous answer (modify, refine) as a conversation: the original request and the previous answer
   * as earlier turns, and the follow-up as the prompt. Absent, or undefined for an input: `prompt` alone.
   */
  turns?(input: I): Conversation | undefined;
  /** What one call is about (e.g. a story's title), for logs and the call's history record. */
  subject?(input: I): string | undefined;
  /** The validated answer → the domain value; may throw a ServiceError when the answer cannot be used. */
  map(data: D, input: I): Mapped<O>;
}

/** Any definition, whatever its types (used where only the shared fields are read). */
export type AnyWorkflowDefinition = WorkflowDefinition<never, never, unknown>;

export type InputOf<W> = W extends WorkflowDefinition<infer I, infer _D, infer _O> ? I : never;
export type OutputOf<W> = W extends WorkflowDefinition<infer _I, infer _D, infer O> ? O : never;

type Declared<I, D, O> = Omit<
  WorkflowDefinition<I, D, O>,
  'name' | 'label' | 'historyKind' | 'map' | 'schema'
> & {
  /** Absent: the answer is the domain value. */
  map?: (data: D, input: I) => Mapped<O>;
};

/** A definition that knows its own name (so WORKFLOWS can check each is filed under it). */
export type NamedDefinition<Name extends WorkflowName, I, D, O> = WorkflowDefinition<I, D, O> & {
  readonly name: Name;
};

const unchanged = <D>(data: D): Mapped<D> => ({ data });

/** A workflow answering in a registered schema: its data type is that schema's (unwrapped) output. */
export function defineWorkflow<Name extends WorkflowName, I, N extends SchemaName, O = SchemaData<N>>(
  name: Name,
  def: Declared<I, SchemaData<N>, O> & { schema: N },
): NamedDefinition<Name, I, SchemaData<N>, O>;
/** A workflow with its own schema object (or one from the input); `map` says what that schema validates. */
export function defineWorkflow<Name extends WorkflowName, I, D, O>(
  name: Name,
  def: Declared<I, D, O> & {
    schema: JsonSchema | SchemaFromInput<I>;
    map: (data: D, input: I) => Mapped<O>;
  },
): NamedDefinition<Name, I, D, O>;
export function defineWorkflow<Name extends WorkflowName, I, D, O>(
  name: Name,
  def: Declared<I, D, O> & { schema: SchemaName | JsonSchema | SchemaFromInput<I> },
): NamedDefinition<Name, I, D, O> {
  const info = WORKFLOW_INFO[name];
  // Without a mapping the answer is the domain value (O defaults to the schema's data type).
  const map = def.map ?? (unchanged as unknown as (data: D) => Mapped<O>);
  return { ...def, name, label: info.label, historyKind: info.historyKind, map };
}
