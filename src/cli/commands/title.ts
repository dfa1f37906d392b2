// `puffin title`: text on stdin → {"data": {"title"}, "fallback": bool, "warnings": [...]}, exit 0. The title
// comes from the title workflow (fast model, title schema); when the CLI fails the local fallback (first words
// of the text) is printed with fallback: true and the reason in warnings.
import { silentLogger } from '../../main/core/logger';
import { generateTitle } from '../../main/workflows/generateTitle';
import { printError, printJson, readAll, type CliCommand, type CliIo } from '../command';
import { headlessCore } from './headlessCore';

async function run(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0) return printError(io, 'invalid_arguments', 'usage: puffin title  (text on stdin)');
  const text = await readAll(io.stdin);
  if (text.trim() === '') return printError(io, 'invalid_arguments', 'the text (stdin) is empty');
  const h = await headlessCore(io);
  try {
    // The fallback reason goes into `warnings`; no need to repeat it on stderr.
    const t = await generateTitle({ sendPrompt: h.core.sendPrompt, logger: silentLogger }, text);
    printJson(io, {
      data: { title: t.title },
      fallback: t.fallback,
      warnings: t.error ? [`title generation failed (${t.error.code}): ${t.error.message}`] : [],
    });
    return 0;
  } finally {
    await h.close();
  }
}

export const titleCommand: CliCommand = {
  path: ['title'],
  summary: 'a short title for the text on stdin (falls back to its first words when the CLI fails)',
  run,
};
