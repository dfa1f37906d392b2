/**
 * A first draft of the project context from files the project already has: the README says what it is, CLAUDE.md
 * and AGENTS.md say how code is written there, the package manifest says what it is built with. The user reviews
 * the draft in the Project panel before it is saved; nothing here writes.
 */
import type { ProjectContextDraft } from '../../shared/stories';

export interface ContextSources {
  readme?: string;
  claudeMd?: string;
  agentsMd?: string;
  /** The root package.json's text. */
  packageJson?: string;
}

export type ImportedContext = ProjectContextDraft;

const DESCRIPTION_LIMIT = 800;
const CONVENTIONS_LIMIT = 6000;

/** The README's first paragraph of prose: after the title, past badges, images, HTML and link-only lines. */
export function readmeSummary(readme: string): string {
  const paragraphs = readme
    .replace(/\r\n/g, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .map((p) => p.trim());
  for (const p of paragraphs) {
    const lines = p.split('\n').filter((l) => !/^\s*(#|!\[|\[!\[|<|\||[-*_]{3,}\s*$)/.test(l));
    const text = lines.join(' ').replace(/\s+/g, ' ').trim();
    if (text.length >= 20 && /[a-z]/.test(text)) {
      return text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…` : text;
    }
  }
  return '';
}

/** Dependencies that name a stack, in the order they are worth mentioning. */
const STACK_MARKERS: readonly [string, string][] = [
  ['typescript', 'TypeScript'],
  ['react', 'React'],
  ['vue', 'Vue'],
  ['svelte', 'Svelte'],
  ['@angular/core', 'Angular'],
  ['next', 'Next.js'],
  ['electron', 'Electron'],
  ['express', 'Express'],
  ['fastify', 'Fastify'],
  ['vite', 'Vite'],
  ['tailwindcss', 'Tailwind CSS'],
  ['prisma', 'Prisma'],
  ['zustand', 'zustand'],
  ['vitest', 'Vitest'],
  ['jest', 'Jest'],
  ['@playwright/test', 'Playwright'],
];

export function stackFromPackageJson(text: string): string {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return '';
  }
  const deps = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const value = pkg[field];
    if (value && typeof value === 'object') for (const name of Object.keys(value)) deps.add(name);
  }
  const named = STACK_MARKERS.filter(([dep]) => deps.has(dep)).map(([, label]) => label);
  return ['Node.js', ...named].join(', ');
}

function agentNotes(name: string, text: string | undefined): string {
  const body = text?.replace(/\r\n/g, '\n').trim();
  return body ? `From ${name}:\n${body}` : '';
}

export function importContext(sources: ContextSources): ImportedContext {
  const from: string[] = [];
  const description = sources.readme ? readmeSummary(sources.readme) : '';
  if (description) from.push('README.md');
  const stack = sources.packageJson ? stackFromPackageJson(sources.packageJson) : '';
  if (stack) from.push('package.json');
  const notes = [agentNotes('CLAUDE.md', sources.claudeMd), agentNotes('AGENTS.md', sources.agentsMd)].filter(
    (n) => n !== '',
  );
  if (sources.claudeMd?.trim()) from.push('CLAUDE.md');
  if (sources.agentsMd?.trim()) from.push('AGENTS.md');
  let conventions = notes.join('\n\n');
  if (conventions.length > CONVENTIONS_LIMIT) conventions = `${conventions.slice(0, CONVENTIONS_LIMIT - 1)}…`;
  return { description, stack, conventions, from };
}
