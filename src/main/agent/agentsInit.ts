/**
 * `puffin agents init`: the instructions a coding agent needs, in a marked block of AGENTS.md and CLAUDE.md. The
 * block is replaced in place on a rerun (nothing else in the file changes) and a file already holding it is left
 * untouched, so running it again changes nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResponseOf } from '../../shared/ipc/contract';
import { serializeOnPath, writeFileAtomicNow } from '../base/atomicFile';

export const BLOCK_BEGIN =
  '<!-- puffin:agents:begin (written by `puffin agents init`; edits inside are replaced) -->';
export const BLOCK_END = '<!-- puffin:agents:end -->';
const FILES = ['AGENTS.md', 'CLAUDE.md'] as const;

export const AGENT_INSTRUCTIONS = `## Working on Puffin stories

This project keeps its user stories, plans and checkable assertions in \`.puffin/\`. Use the \`puffin\` MCP server
(\`puffin mcp --project .\`, the \`puffin\` that \`npm link\` installs) or the same commands on the command line:

1. **Next story:** \`next_story\` gives the first story of the approved plan that is not verified and whose
   dependencies are.
2. **Read its spec:** \`get_story {id}\` gives the story, its acceptance criteria, its plan item (approach, files,
   dependencies), its ready-to-implement spec and the assertions that must pass.
3. **Verify:** \`verify_story {id}\` (or \`puffin verify --project .\`) runs its assertions on the current tree and
   names each failing one with its file and line. Fix and verify again until it says \`verified\`.
4. **Done means verified:** \`set_story_status {id, status: "done"}\` is refused (\`not_verified\`) while any of
   its assertions fails. Never report a story done that \`verify_story\` does not call verified.
`;

const block = (): string => `${BLOCK_BEGIN}\n${AGENT_INSTRUCTIONS}${BLOCK_END}\n`;

/** The file's text with the block put in place of the old one, or appended after a blank line. */
export function withBlock(text: string): string {
  const start = text.indexOf(BLOCK_BEGIN);
  const end = text.indexOf(BLOCK_END, start);
  if (start >= 0 && end > start) {
    const after = text.slice(end + BLOCK_END.length).replace(/^\r?\n/, '');
    return `${text.slice(0, start)}${block()}${after}`;
  }
  if (text === '') return block();
  return `${text.replace(/\s*$/, '')}\n\n${block()}`;
}

async function readOrEmpty(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function writeAgentInstructions(projectDir: string): Promise<ResponseOf<'agent:init'>> {
  const files: ResponseOf<'agent:init'>['files'] = [];
  for (const name of FILES) {
    const file = path.join(projectDir, name);
    // Read from disk inside the file's queue: another writer's edit between read and write is never lost.
    const action = await serializeOnPath(file, async () => {
      const before = await readOrEmpty(file);
      const after = withBlock(before ?? '');
      if (after === before) return 'unchanged' as const;
      await writeFileAtomicNow(file, after);
      return before === null ? ('created' as const) : ('updated' as const);
    });
    files.push({ path: name, action });
  }
  return { files };
}
