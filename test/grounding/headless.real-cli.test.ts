// Grounded calls through `node bin/puffin.cjs` with the real CLI and the mock API:
// `puffin prompt --schema F --project DIR` reads in DIR and lists the files in meta.read; project commands are
// grounded by default and `--hermetic` offers the model no tool at all.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { structured, text, toolCalls } from '../support/mockTurns';
import type { Responder } from '../support/mockTypes';
import { runPuffin } from '../support/puffinBin';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import {
  lastToolResults,
  structuredOutputSchema,
  toolResultText,
  userText,
} from '../support/requestInspection';

useRealCliTimeouts();

async function setup(respond: Responder) {
  const world = await realCliWorld({
    respond,
    projectFiles: {
      'src/cart.ts': 'export const CART_LIMIT = 42;\n',
      '.env': 'PAYMENT_KEY=PUFFIN_SECRET_777\n',
      '.puffin/project.json': '{"description":"A web shop.","conventions":"","neverTouch":["migrations/"]}',
    },
  });
  const puffin = (args: string[], input: string) => runPuffin(args, { input, env: world.env, world });
  return { mock: world.mock, project: world.project, root: world.dir, puffin };
}

/** The model reads src/cart.ts and .env, then answers with what it learned; titles get a title. */
const readingModel =
  (answer: (seen: string) => unknown): Responder =>
  (body, i) => {
    const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
    if ('title' in props && Object.keys(props).length === 1) return structured({ title: 'Cart limit' });
    const results = lastToolResults(body);
    if (results.some((r) => toolResultText(r).includes('Structured output provided'))) return text('Done.');
    if (results.length === 0 && i === 0) {
      return toolCalls(
        { name: 'Read', input: { file_path: 'src/cart.ts' } },
        { name: 'Read', input: { file_path: '.env' } },
      );
    }
    return structured(answer(results.map(toolResultText).join('\n')));
  };

describe('headless grounded calls (real CLI)', () => {
  it('puffin prompt --project DIR: the model reads in DIR, meta.read lists the files, secrets stay out', async () => {
    const { project, root, mock, puffin } = await setup(
      readingModel((seen) => ({ limit: Number(/CART_LIMIT = (\d+)/.exec(seen)?.[1] ?? -1) })),
    );
    const schemaFile = join(root, 'limit.schema.json');
    writeFileSync(
      schemaFile,
      JSON.stringify({ type: 'object', properties: { limit: { type: 'number' } }, required: ['limit'] }),
    );
    const r = await puffin(
      ['prompt', '--schema', schemaFile, '--project', project],
      'What is the cart limit?',
    );
    expect(r.exitCode, String(r.stdout) + String(r.stderr)).toBe(0);
    const out = JSON.parse(String(r.stdout)) as {
      data: unknown;
      meta: Record<string, unknown>;
      warnings: string[];
    };
    expect(out.data).toEqual({ limit: 42 });
    expect(out.meta.read).toEqual(['src/cart.ts']);
    expect(out.warnings).toEqual([]);
    // The project's context leads the prompt, as it does for every prompt of the app.
    const sent = userText(mock.mainRequests()[0]!.body!);
    expect(sent).toContain('## About the project\nA web shop.');
    expect(sent).toContain('- migrations/');
    expect(sent.indexOf('A web shop.')).toBeLessThan(sent.indexOf('What is the cart limit?'));
    expect(mock.requests.some((q) => q.rawBody.includes('PUFFIN_SECRET_777'))).toBe(false);
  });

  it('puffin prompt without --project, and a missing folder, stay hermetic or fail with not_found', async () => {
    const { root, mock, puffin } = await setup(readingModel(() => ({ limit: 1 })));
    const schemaFile = join(root, 's.json');
    writeFileSync(schemaFile, JSON.stringify({ type: 'object', properties: { limit: { type: 'number' } } }));
    const missing = await puffin(['prompt', '--schema', schemaFile, '--project', join(root, 'nope')], 'q');
    expect(missing.exitCode).toBe(1);
    expect(JSON.parse(String(missing.stdout))).toMatchObject({ error: { code: 'not_found' } });
    const hermetic = await puffin(['prompt', '--schema', schemaFile], 'q');
    expect(JSON.parse(String(hermetic.stdout)).meta).not.toHaveProperty('read');
    const offered = mock.mainRequests().flatMap((q) => q.body?.tools?.map((t) => t.name) ?? []);
    expect(offered.filter((n) => n !== 'DeferredToolPlaceholder' && n !== 'StructuredOutput')).toEqual([]);
  });

  it('stories derive is grounded by default and offers no tool with --hermetic', async () => {
    const stories = (seen: string) => ({
      stories: [
        {
          title: seen.includes('CART_LIMIT') ? 'Raise the cart limit' : 'Unknown limit',
          description: 'As a shopper, I want a larger cart so that I buy more',
          acceptanceCriteria: ['The cart holds more items'],
        },
      ],
    });
    const { project, mock, puffin } = await setup(readingModel(stories));
    const grounded = await puffin(['stories', 'derive', '--project', project], 'Bigger carts');
    expect(grounded.exitCode, String(grounded.stdout)).toBe(0);
    const out = JSON.parse(String(grounded.stdout)) as {
      data: { title: string }[];
      meta: { read?: string[] };
    };
    expect(out.data[0]?.title).toBe('Raise the cart limit');
    expect(out.meta.read).toEqual(['src/cart.ts']);

    const before = mock.mainRequests().length;
    const hermetic = await puffin(['stories', 'derive', '--project', project, '--hermetic'], 'Bigger carts');
    expect(hermetic.exitCode, String(hermetic.stdout)).toBe(0);
    const first = mock.mainRequests()[before]!;
    const tools = (first.body?.tools ?? []).map((t) => t.name).filter((n) => n !== 'DeferredToolPlaceholder');
    expect(tools).toEqual(['StructuredOutput']);
    expect(JSON.parse(String(hermetic.stdout)).meta).not.toHaveProperty('read');
  });
});
