/**
 * The read-only project tools an API engine gets for a grounded call, provider-neutral: their definitions (JSON
 * Schema inputs, named like the CLI's Read, Glob and Grep so the grounding prompt and the record read alike) and
 * `execute(name, input)`, which applies the SAME policy as the CLI path (grounding/policy.ts: outside the project,
 * secrets, what git ignores) before touching anything, and records what was read, searched and refused in the
 * GroundingRecord every panel shows. Puffin runs these tools itself, so the confinement is Puffin's own check.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  GroundingRecord,
  GroundingRefusal,
  GroundingSearch,
  RefusalReason,
} from '../../../shared/grounding';
import { loadGroundingPolicy } from '../../llm/grounding/loadPolicy';
import type { GroundingPolicy } from '../../llm/grounding/policy';
import type { GroundingRequest } from '../../llm/grounding/groundingRequest';
import { matchesPattern } from '../../llm/grounding/sensitive';
import { walkFiles } from '../../llm/grounding/walkFiles';

export interface ProjectToolDefinition {
  name: 'Read' | 'Glob' | 'Grep';
  description: string;
  /** A draft-07 object schema of the tool's input. */
  inputSchema: Record<string, unknown>;
}

export interface ProjectToolResult {
  content: string;
  isError: boolean;
}

export interface ProjectTools {
  readonly definitions: readonly ProjectToolDefinition[];
  /** Runs one tool call the model made (refusing what the policy forbids) and records it. */
  execute(name: string, input: unknown): Promise<ProjectToolResult>;
  /** Counts a model turn that called tools. */
  countTurn(): void;
  record(): GroundingRecord;
}

const str = { type: 'string' } as const;

export const PROJECT_TOOL_DEFINITIONS: readonly ProjectToolDefinition[] = [
  {
    name: 'Read',
    description:
      'Reads one text file of the project (numbered lines). Paths are relative to the project root.',
    inputSchema: {
      type: 'object',
      properties: { file_path: str, offset: { type: 'integer' }, limit: { type: 'integer' } },
      required: ['file_path'],
    },
  },
  {
    name: 'Glob',
    description: 'Lists the project files whose path matches a glob pattern (e.g. "src/**/*.ts").',
    inputSchema: { type: 'object', properties: { pattern: str, path: str }, required: ['pattern'] },
  },
  {
    name: 'Grep',
    description: 'Searches the project files for a regular expression; prints path:line:text for each match.',
    inputSchema: {
      type: 'object',
      properties: { pattern: str, path: str, glob: str },
      required: ['pattern'],
    },
  },
];

/** What one tool answer may hold: enough to look, not enough to flood the context. */
const MAX_READ_LINES = 2000;
const MAX_READ_CHARS = 100_000;
const MAX_LISTED = 200;
const MAX_MATCH_LINES = 100;
const MAX_GREP_FILE_BYTES = 1_000_000;
const MESSAGE_LIMIT = 240;

const WHY: Record<RefusalReason, string> = {
  outside: 'it is outside the project; reads are confined to it',
  sensitive: 'the file may hold secrets',
  ignored: 'git ignores it',
};

export interface ProjectToolsDeps {
  loadPolicy?: (root: string, allow: readonly string[]) => Promise<GroundingPolicy>;
}

export async function openProjectTools(
  request: GroundingRequest,
  deps: ProjectToolsDeps = {},
): Promise<ProjectTools> {
  const root = await realpath(request.root);
  const policy =
    request.policy ?? (await (deps.loadPolicy ?? loadGroundingPolicy)(root, request.allow ?? []));
  return createProjectTools(root, policy);
}

/** The tools over a project whose real path is `root`, under `policy`. */
export function createProjectTools(root: string, policy: Pick<GroundingPolicy, 'classify'>): ProjectTools {
  const filesRead: string[] = [];
  const searches: GroundingSearch[] = [];
  const refused: GroundingRefusal[] = [];
  let toolTurns = 0;
  let toolCalls = 0;

  /** Where a path the model named really is (symbolic links resolved): relative to the project, or refused. */
  async function locate(named: string): Promise<{ rel: string } | { refused: RefusalReason }> {
    const abs = path.resolve(root, named);
    const real = await realpath(abs).catch(() => abs);
    const rel = path.relative(root, real);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
      return { refused: 'outside' };
    const posix = rel.split(path.sep).join('/');
    const reason = posix === '' ? null : policy.classify(posix);
    return reason ? { refused: reason } : { rel: posix };
  }

  const refuse = (tool: string, target: string, reason: RefusalReason): ProjectToolResult => {
    const message = `Refused: "${target}" may not be read: ${WHY[reason]}.`;
    refused.push({ tool, target, message: message.slice(0, MESSAGE_LIMIT) });
    return { content: message, isError: true };
  };
  const failed = (content: string): ProjectToolResult => ({ content, isError: true });

  /** The project's files under `dir` (relative, '' for the root), none the policy refuses. */
  const filesUnder = async (dir: string): Promise<string[]> => {
    const { files: all } = await walkFiles(root, (rel) => policy.classify(rel) !== null);
    return all.map((f) => f.rel).filter((rel) => dir === '' || rel === dir || rel.startsWith(`${dir}/`));
  };
  const relativeTo = (dir: string, rel: string): string => (dir === '' ? rel : rel.slice(dir.length + 1));
  const globMatches = (pattern: string, rel: string): boolean =>
    matchesPattern(pattern, rel) ||
    (!pattern.includes('/') && matchesPattern(pattern, path.posix.basename(rel)));

  async function read(input: Record<string, unknown>): Promise<ProjectToolResult> {
    const target = typeof input.file_path === 'string' ? input.file_path : '';
    if (target === '') return failed('file_path is required');
    const where = await locate(target);
    if ('refused' in where) return refuse('Read', target, where.refused);
    const abs = path.join(root, where.rel);
    const info = await stat(abs).catch(() => null);
    if (!info) return failed(`File does not exist: ${target}`);
    if (!info.isFile()) return failed(`Not a file: ${target} (use Glob to list a folder)`);
    const text = await readFile(abs, 'utf8');
    const offset = Math.max(1, Number(input.offset) || 1);
    const limit = Math.min(MAX_READ_LINES, Math.max(1, Number(input.limit) || MAX_READ_LINES));
    const lines = text.split('\n').slice(offset - 1, offset - 1 + limit);
    if (!filesRead.includes(where.rel)) filesRead.push(where.rel);
    const numbered = lines.map((l, i) => `${offset + i}\t${l}`).join('\n');
    return { content: numbered.slice(0, MAX_READ_CHARS), isError: false };
  }

  async function search(tool: 'Glob' | 'Grep', input: Record<string, unknown>): Promise<ProjectToolResult> {
    const pattern = typeof input.pattern === 'string' ? input.pattern : '';
    if (pattern === '') return failed('pattern is required');
    const named = typeof input.path === 'string' && input.path !== '' ? input.path : '.';
    const where = await locate(named);
    if ('refused' in where) return refuse(tool, named, where.refused);
    const glob = typeof input.glob === 'string' && input.glob !== '' ? input.glob : undefined;
    const files = await filesUnder(where.rel);
    let found: string[];
    let lines: string[];
    if (tool === 'Glob') {
      found = files.filter((rel) => globMatches(pattern, relativeTo(where.rel, rel))).slice(0, MAX_LISTED);
      lines = found;
    } else {
      let re: RegExp;
      try {
        re = new RegExp(pattern);
      } catch {
        return failed(`Not a regular expression: ${pattern}`);
      }
      ({ found, lines } = await grep(
        files.filter((rel) => !glob || globMatches(glob, rel)),
        re,
      ));
    }
    searches.push({
      tool,
      pattern,
      ...(where.rel !== '' ? { path: where.rel } : {}),
      ...(glob ? { glob } : {}),
      matches: found.length,
    });
    if (found.length === 0)
      return { content: tool === 'Glob' ? 'No files found' : 'No matches found', isError: false };
    return { content: lines.join('\n'), isError: false };
  }

  async function grep(files: string[], re: RegExp): Promise<{ found: string[]; lines: string[] }> {
    const found: string[] = [];
    const lines: string[] = [];
    for (const rel of files) {
      if (lines.length >= MAX_MATCH_LINES) break;
      const abs = path.join(root, rel);
      const info = await stat(abs).catch(() => null);
      if (!info || info.size > MAX_GREP_FILE_BYTES) continue;
      const text = await readFile(abs, 'utf8').catch(() => '');
      if (text.includes('\0')) continue; // binary
      const hits = text.split('\n').flatMap((line, i) => (re.test(line) ? [`${rel}:${i + 1}:${line}`] : []));
      if (hits.length === 0) continue;
      found.push(rel);
      lines.push(...hits.slice(0, MAX_MATCH_LINES - lines.length));
    }
    return { found, lines };
  }

  return {
    definitions: PROJECT_TOOL_DEFINITIONS,
    async execute(name, raw) {
      toolCalls++;
      const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      try {
        if (name === 'Read') return await read(input);
        if (name === 'Glob' || name === 'Grep') return await search(name, input);
      } catch (err) {
        return failed(`${name} failed: ${(err as Error).message}`.slice(0, MESSAGE_LIMIT));
      }
      const message = `No such tool available: ${name}. Only Read, Glob and Grep can be used.`;
      refused.push({ tool: name, target: JSON.stringify(input).slice(0, 200), message });
      return failed(message);
    },
    countTurn() {
      toolTurns++;
    },
    record: () => ({
      filesRead: [...filesRead],
      searches: [...searches],
      refused: [...refused],
      violations: [],
      toolTurns,
      toolCalls,
    }),
  };
}
