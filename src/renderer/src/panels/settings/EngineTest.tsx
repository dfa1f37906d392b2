import { useState } from 'react';
import type { EngineChoice } from '../../../../shared/engineSettings';
import { describeError } from '../../lib/errorHelp';
import { useApp } from '../../store/StoreContext';
import type { EngineTestOutcome } from '../../store/types';

interface Props {
  label: string;
  choice: EngineChoice;
  baseUrl: string | undefined;
}

/** "Test connection": one tiny structured call to the engine as chosen (unsaved), and what came back. */
export function EngineTest({ label, choice, baseUrl }: Props) {
  const testEngine = useApp((s) => s.testEngine);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<EngineTestOutcome | null>(null);
  const run = async () => {
    setRunning(true);
    setOutcome(null);
    const r = await testEngine({
      provider: choice.provider,
      mode: choice.mode,
      ...(choice.model ? { model: choice.model } : {}),
      ...(baseUrl ? { baseUrl } : {}),
    });
    setOutcome(r);
    setRunning(false);
  };
  return (
    <>
      <button
        type="button"
        aria-label={`Test connection: ${label}`}
        disabled={running}
        onClick={() => void run()}
      >
        {running ? 'Testing…' : 'Test connection'}
      </button>
      {outcome && <TestOutcome outcome={outcome} />}
    </>
  );
}

function TestOutcome({ outcome }: { outcome: EngineTestOutcome }) {
  if (outcome.ok) {
    const r = outcome.result;
    return (
      <p role="status" className="muted">
        Connected: {r.provider}
        {r.model ? ` ${r.model}` : ''}
        {r.mode ? ` (${r.mode})` : ''} answered in {(r.durationMs / 1000).toFixed(1)} s.
      </p>
    );
  }
  const help = describeError(outcome.error);
  return (
    <div role="alert" className="field-error" data-code={outcome.error.code}>
      <strong>{help.title}</strong>: {help.message} <span>{help.next}</span>
    </div>
  );
}
