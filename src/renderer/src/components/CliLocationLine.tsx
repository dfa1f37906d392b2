import type { CliLocation } from '../../../shared/ipc/contract';

const SOURCE: Record<Extract<CliLocation, { found: true }>['source'], string> = {
  settings: 'the path set here',
  env: 'PUFFIN_CLAUDE_PATH',
  path: 'your PATH',
  'login-shell': "your login shell's PATH",
};

/** Where the CLI every call will run was really found, or why none was: never a guess. */
export function CliLocationLine({ location }: { location: CliLocation | null }) {
  if (!location) return <p className="muted">Looking for the Claude Code CLI…</p>;
  if (location.found)
    return (
      <p className="muted" data-testid="cli-location">
        Using <code>{location.path}</code> (from {SOURCE[location.source]}).
      </p>
    );
  return (
    <p className="field-error" role="alert" data-testid="cli-location">
      {location.message}
    </p>
  );
}
