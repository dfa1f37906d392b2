import { describe, it, expect } from 'vitest';
import { parseTranscript } from '../stream';
import { extractStructured } from './extractStructured';

const TOOLS_WITH_SO = ['Bash', 'StructuredOutput'];

function init(tools: string[] = TOOLS_WITH_SO) {
  return {
    type: 'system',
    subtype: 'init',
    claude_code_version: '2.1.300',
    model: 'm',
    tools,
    session_id: 's',
  };
}
function toolUse(id: string, input: unknown, extra: object = {}) {
  return {
    type: 'assistant',
    message: { id: `msg_${id}`, content: [{ type: 'tool_use', id, name: 'StructuredOutput', input }] },
    ...extra,
  };
}
function toolResult(id: string, isError: boolean) {
  return {
    type: 'user',
    message: {
      content: [{ type: 'tool_result', tool_use_id: id, is_error: isError, content: isError ? 'bad' : 'ok' }],
    },
  };
}
function text(id: string, t: string, extra: object = {}) {
  return { type: 'assistant', message: { id, content: [{ type: 'text', text: t }] }, ...extra };
}
function result(fields: object) {
  return {
    type: 'result',
    subtype: 'success',
    is_error: false,
    total_cost_usd: 0.01,
    num_turns: 2,
    ...fields,
  };
}
const run = (lines: object[], schemaAttached?: boolean) =>
  extractStructured(parseTranscript(lines.map((l) => JSON.stringify(l)).join('\n')), { schemaAttached });

describe('extractStructured data sources', () => {
  it('prefers result.structured_output over tool_use inputs', () => {
    const x = run([
      init(),
      toolUse('t1', { a: 'tool' }),
      toolResult('t1', false),
      result({ structured_output: { a: 'so' } }),
    ]);
    expect(x).toMatchObject({
      ok: true,
      source: 'structured_output',
      data: { a: 'so' },
      meta: { costUsd: 0.01, turns: 2 },
    });
  });

  it('ignores structured_output when is_error is true and falls back to an acknowledged call', () => {
    const x = run([
      init(),
      toolUse('t1', { a: 1 }),
      toolResult('t1', false),
      result({ is_error: true, structured_output: { a: 2 } }),
    ]);
    expect(x).toMatchObject({ ok: true, source: 'tool_use', data: { a: 1 } });
  });

  it('takes the last acknowledged call, skipping a later rejected one', () => {
    const x = run([
      init(),
      toolUse('t1', { v: 1 }),
      toolResult('t1', false),
      toolUse('t2', { v: 2 }),
      toolResult('t2', false),
      toolUse('t3', { v: 'bad' }),
      toolResult('t3', true),
      result({ subtype: 'error_max_turns' }),
    ]);
    expect(x).toMatchObject({ ok: true, source: 'tool_use', data: { v: 2 } });
  });

  it('does not trust a call whose tool_result never arrived, but reports it', () => {
    const x = run([init(), toolUse('t1', { v: 1 }), result({ subtype: 'error_max_turns', is_error: true })]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'max_turns', unacknowledgedToolInput: { v: 1 } } });
  });

  it('calls turns spent on rejected StructuredOutput calls invalid output, not a turn limit', () => {
    const x = run([
      init(),
      toolUse('t1', { v: 'bad' }),
      toolResult('t1', true),
      toolUse('t2', { v: 'worse' }),
      toolResult('t2', true),
      result({ subtype: 'error_max_turns', is_error: true, errors: ['Reached maximum number of turns (2)'] }),
    ]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'structured_output_retries_exhausted' } });
  });

  it('keeps max_turns when the turns went to other tools', () => {
    const bash = {
      type: 'assistant',
      message: { id: 'm1', content: [{ type: 'tool_use', id: 'b1', name: 'Bash', input: {} }] },
    };
    const x = run([
      init(),
      bash,
      toolResult('b1', true),
      result({ subtype: 'error_max_turns', is_error: true }),
    ]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'max_turns' } });
  });

  it('ignores StructuredOutput calls made inside a sub-agent', () => {
    const x = run([
      init(),
      toolUse('sub', { v: 'sub' }, { parent_tool_use_id: 'task_1' }),
      toolResult('sub', false),
      text('msg_end', 'Here you go'),
      result({ result: 'Here you go' }),
    ]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'no_structured_output' } });
  });
});

describe('extractStructured failure classification', () => {
  it('classifies a 429 as rate_limited and retryable', () => {
    const x = run([
      init(),
      result({ is_error: true, api_error_status: 429, result: 'API Error: 429 rate_limit_error' }),
    ]);
    expect(x).toMatchObject({
      ok: false,
      failure: { code: 'rate_limited', retryable: true, apiErrorStatus: 429 },
    });
  });

  it('classifies an overloaded synthetic assistant message as overloaded', () => {
    const x = run([
      init(),
      text(
        'm1',
        'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
        {
          message: {
            id: 'm1',
            model: '<synthetic>',
            content: [{ type: 'text', text: 'API Error: 529 Overloaded' }],
          },
        },
      ),
      result({ is_error: true, result: 'API Error: 529 Overloaded' }),
    ]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'overloaded', retryable: true } });
    expect(x.ok === false && x.fallback).toBeUndefined();
  });

  it('classifies a 500 in errors[] of error_during_execution as a retryable api_error', () => {
    const x = run([
      init(),
      result({ subtype: 'error_during_execution', is_error: true, errors: ['API Error: 500 Internal'] }),
    ]);
    expect(x).toMatchObject({
      ok: false,
      failure: { code: 'api_error', retryable: true, apiErrorStatus: 500 },
    });
  });

  it('classifies a 400 as a non-retryable api_error', () => {
    const x = run([init(), result({ is_error: true, result: 'API Error: 400 invalid_request_error' })]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'api_error', retryable: false } });
  });

  it('classifies error_during_execution without API signs as execution_error', () => {
    const x = run([init(), result({ subtype: 'error_during_execution', is_error: true, errors: ['boom'] })]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'execution_error', errors: ['boom'] } });
  });

  it('classifies error_max_budget_usd as max_budget', () => {
    const x = run([init(), result({ subtype: 'error_max_budget_usd', is_error: true })]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'max_budget' } });
  });

  it('reports schema_dropped when init lacks StructuredOutput and a schema was attached', () => {
    const lines = [init(['Bash']), text('m1', '[{"title":"x"}]'), result({ result: '[{"title":"x"}]' })];
    expect(run(lines)).toMatchObject({
      ok: false,
      failure: { code: 'schema_dropped' },
      fallback: { text: '[{"title":"x"}]' },
    });
    expect(run(lines, false)).toMatchObject({ ok: false, failure: { code: 'no_structured_output' } });
  });

  it('does not read a successful run prose for error words', () => {
    const x = run([
      init(),
      text('m1', 'Story: handle the API rate limit when overloaded'),
      result({ result: 'x' }),
    ]);
    expect(x).toMatchObject({ ok: false, failure: { code: 'no_structured_output' } });
  });

  it('reports no_result when the stream stops early, keeping the prose', () => {
    const x = run([init(), text('m1', 'partial answer')]);
    expect(x).toMatchObject({
      ok: false,
      failure: { code: 'no_result' },
      fallback: { text: 'partial answer' },
    });
    expect(extractStructured([])).toMatchObject({ ok: false, failure: { code: 'no_result' } });
  });
});

describe('extractStructured fallback text', () => {
  it('joins the text blocks of the final message and appends result prose not already there', () => {
    const x = run([
      init(),
      text('m1', 'old draft'),
      text('m2', 'part one'),
      text('m2', 'part two'),
      result({ result: 'closing words' }),
    ]);
    expect(x.ok === false && x.fallback?.text).toBe('part one\npart two\nclosing words');
  });
});
