import { afterEach, describe, expect, it } from 'vitest';
import { BodyError, createBodyParser, MAX_BODY_VALUES, OFF_LOOP_BYTES, type BodyParser } from './bodyParser';

let parser: BodyParser;
afterEach(() => parser.close());

const large = { channel: 'stories:accept', payload: { text: 'x'.repeat(OFF_LOOP_BYTES * 4) } };

describe('the host body parser', () => {
  it('parses small and large bodies to the same values', async () => {
    parser = createBodyParser();
    expect(await parser.parse(Buffer.from('{"a":[1,"é",null]}'))).toEqual({ a: [1, 'é', null] });
    expect(await parser.parse(Buffer.from(JSON.stringify(large)))).toEqual(large);
  });

  it('leaves the event loop free while a large body is parsed', async () => {
    parser = createBodyParser();
    let served = false;
    setImmediate(() => (served = true));
    await parser.parse(Buffer.from(JSON.stringify(large)));
    expect(served).toBe(true);
  });

  it('refuses a body that is not JSON, small or large', async () => {
    parser = createBodyParser();
    for (const text of ['{"a":', `{"a":"${'x'.repeat(OFF_LOOP_BYTES)}"`]) {
      await expect(parser.parse(Buffer.from(text))).rejects.toMatchObject({ reason: 'not_json' });
    }
  });

  it('refuses a large body of more values than any request holds, and parses on after', async () => {
    parser = createBodyParser();
    const many = Buffer.from(`[${'1,'.repeat(MAX_BODY_VALUES * 2)}1]`);
    const refused: unknown = await parser.parse(many).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BodyError);
    expect((refused as BodyError).reason).toBe('too_many_values');
    expect(await parser.parse(Buffer.from(JSON.stringify(large)))).toEqual(large);
  });
});
