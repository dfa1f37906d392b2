import type { FormEvent, KeyboardEvent } from 'react';
import { ErrorHelp } from '../components/ErrorHelp';
import { Markdown } from '../components/Markdown';
import { ViewLink } from '../components/ViewLink';
import { answererOf, defaultModelOf, engineFor, modelChoices } from '../lib/engineWords';
import { formatCost, formatDuration } from '../lib/format';
import { useApp, useAppFields } from '../store/StoreContext';
import { LivePreview } from './LivePreview';
import { StoryReview } from './StoryReview';
import { ReadFiles } from '../components/ReadFiles';
import { DescribeExistingCode } from './DescribeExistingCode';

export function PromptPanel() {
  const project = useApp((s) => s.project);
  const running = useApp((s) => s.running);
  const cliDefault = useApp((s) => s.settings?.defaultModel ?? '');
  const engines = useApp((s) => s.settings?.engines);
  const {
    result,
    genError,
    review,
    startGeneration,
    cancelGeneration,
    retryGeneration,
    clearGenError,
    promptForm: form,
    setPromptForm,
  } = useAppFields(
    'result',
    'genError',
    'review',
    'startGeneration',
    'cancelGeneration',
    'retryGeneration',
    'clearGenError',
    'promptForm',
    'setPromptForm',
  );
  const { text, deriveStories: derive } = form;
  const workflow = derive ? 'deriveStories' : 'plainPrompt';
  const engine = engineFor(engines, workflow);
  const models = modelChoices(engines, engine.provider);
  const defaultModel = defaultModelOf(engines, workflow, cliDefault);
  // A model chosen for another engine (the settings changed since) is not sent: the default applies.
  const model = models.includes(form.model) ? form.model : '';
  const setText = (value: string) => setPromptForm({ text: value });
  const setDerive = (value: boolean) => setPromptForm({ deriveStories: value });
  // '' = the default model from Settings (main applies it).
  const setModel = (value: string) => setPromptForm({ model: value });

  const canSubmit = project !== null && running === null && text.trim() !== '';
  const submit = () => {
    if (!canSubmit) return;
    void startGeneration({ prompt: text.trim(), deriveStories: derive, ...(model ? { model } : {}) });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <>
      <section className="panel" aria-labelledby="prompt-title">
        <h2 id="prompt-title">Prompt</h2>
        {!project && (
          <p className="hint" id="prompt-hint">
            Open a project first: stories and history are kept in it.{' '}
            <ViewLink view="project">Open a project</ViewLink>
          </p>
        )}
        <form onSubmit={onSubmit} className="prompt-form" noValidate>
          <label htmlFor="feature-request">Feature request</label>
          <textarea
            id="feature-request"
            rows={7}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={!project}
            aria-describedby={project ? 'prompt-keys' : 'prompt-hint'}
            placeholder="Describe the feature you want…"
          />
          <div className="row">
            <label className="inline">
              <input
                type="checkbox"
                checked={derive}
                onChange={(e) => setDerive(e.target.checked)}
                disabled={!project}
              />{' '}
              Derive user stories
            </label>
            <label htmlFor="prompt-model">Model</label>
            <select
              id="prompt-model"
              value={model}
              onChange={(e) => setModel(e.target.value)}
              disabled={!project}
            >
              <option value="">{defaultModel ? `Default (${defaultModel})` : 'Default'}</option>
              {models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <button type="submit" disabled={!canSubmit}>
              Generate
            </button>
            {running && (
              <button type="button" onClick={() => void cancelGeneration()} disabled={running.cancelling}>
                Cancel
              </button>
            )}
            <span className="muted" id="prompt-keys">
              Ctrl/⌘+Enter to generate
            </span>
          </div>
          <p className="muted">
            {derive
              ? `${answererOf(engine)} derives user stories you can review, change and add to the backlog.`
              : 'A plain prompt: the answer is shown as formatted text.'}
          </p>
        </form>
      </section>
      <DescribeExistingCode />
      {running && <LivePreview />}
      {genError && (
        <ErrorHelp
          error={genError}
          workflow={workflow}
          onRetry={() => void retryGeneration()}
          onDismiss={clearGenError}
        />
      )}
      {result && !running && result.kind === 'prompt' && result.markdown !== undefined && (
        <section className="panel" aria-labelledby="answer-title">
          <h2 id="answer-title">Answer</h2>
          <Markdown source={result.markdown} label="Answer" />
        </section>
      )}
      {result && !running && result.status !== 'running' && (
        <p className="muted result-meta" data-testid="result-meta">
          Last run: {result.status} · {formatDuration(result.meta.durationMs)} ·{' '}
          {formatCost(result.meta.costUsd)}
          {result.source ? ` · ${result.source}` : ''}
          {result.warnings.length > 0 ? ` · ${result.warnings.length} warning(s), see History` : ''}
        </p>
      )}
      {result && !running && <ReadFiles grounding={result.grounding} />}
      {review && <StoryReview />}
    </>
  );
}
