/** Which schema and envelope a request uses, checked before any process is started. */
import { PromptError } from './errors';
import { getSchema, isSchemaName, type JsonSchema } from './schemas';
import type { SendPromptRequest } from './promptTypes';
import { schemaProblem } from './validate';

export interface ResolvedSchema {
  schema: JsonSchema;
  envelope?: string;
  /** The registry name, when the schema is a registered one. */
  name?: string;
}

export function resolveSchema(
  req: Pick<SendPromptRequest, 'schema' | 'envelope' | 'workflow'>,
): ResolvedSchema {
  if (req.schema === undefined)
    throw new PromptError('invalid_schema', {
      detail: 'no schema given',
      diagnostics: { workflow: req.workflow },
    });
  if (typeof req.schema === 'string') {
    const named = req.schema;
    if (!isSchemaName(named)) {
      throw new PromptError('invalid_schema', {
        detail: `no schema named "${named}"`,
        diagnostics: { workflow: req.workflow },
      });
    }
    const entry = getSchema(named);
    const envelope = req.envelope ?? entry.envelope;
    return envelope ? { schema: entry.schema, envelope, name: named } : { schema: entry.schema, name: named };
  }
  const schema = req.schema;
  // Checked here with a strict draft-07 Ajv: newer CLIs would refuse it, older ones would silently drop it.
  const problem = schemaProblem(schema);
  if (problem)
    throw new PromptError('invalid_schema', { detail: problem, diagnostics: { workflow: req.workflow } });
  return req.envelope ? { schema, envelope: req.envelope } : { schema };
}
