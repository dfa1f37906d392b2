import { OUTPUT_MODES, type OutputMode, type ProviderName } from '../../../../shared/engines';
import type { EngineChoice, ProviderFacts } from '../../../../shared/engineSettings';
import { EngineTest } from './EngineTest';

interface Props {
  /** The row's name, in every control's label (e.g. "Default engine", "Derive stories"). */
  label: string;
  /** null: the row follows the default engine (per-workflow rows only). */
  choice: EngineChoice | null;
  onChange(choice: EngineChoice | null): void;
  /** The models listed per provider so far (the picker's suggestions; free text is always allowed). */
  models: Partial<Record<ProviderName, string[]>>;
  onListModels(provider: ProviderName): void;
  baseUrl: string | undefined;
  /** The providers to offer, as main describes them (`engines:providers`). */
  providers: ProviderFacts[];
  /** Per-workflow rows may follow the default engine. */
  optional?: boolean;
}

const FALLBACK = '';

/** One engine choice: provider, model (picked from the provider's list or typed), mode, and its connection test. */
export function EngineRow(props: Props) {
  const { label, choice, onChange, models, onListModels, baseUrl, providers, optional } = props;
  const id = label.replace(/\W+/g, '-').toLowerCase();
  const listed = choice ? models[choice.provider] : undefined;
  const facts = choice ? providers.find((p) => p.name === choice.provider) : undefined;
  return (
    <tr data-testid={`engine-row-${id}`}>
      <th scope="row">{label}</th>
      <td>
        <select
          aria-label={`${label} provider`}
          value={choice?.provider ?? FALLBACK}
          onChange={(e) =>
            onChange(
              e.target.value === FALLBACK
                ? null
                : { provider: e.target.value as ProviderName, model: '', mode: choice?.mode ?? 'auto' },
            )
          }
        >
          {optional && <option value={FALLBACK}>Default engine</option>}
          {providers.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td>
        {choice && (
          <>
            <input
              aria-label={`${label} model`}
              value={choice.model}
              placeholder={facts?.modelHint ?? 'model id'}
              onChange={(e) => onChange({ ...choice, model: e.target.value.trim() })}
              spellCheck={false}
            />
            <button type="button" onClick={() => onListModels(choice.provider)}>
              List models
            </button>
            {listed?.length === 0 && <span className="muted"> none listed</span>}
            {listed && listed.length > 0 && (
              // The listed models as a visible choice; picking one fills the model field (free text still works).
              <select
                aria-label={`${label} listed models`}
                value={listed.includes(choice.model) ? choice.model : ''}
                onChange={(e) => e.target.value && onChange({ ...choice, model: e.target.value })}
              >
                <option value="">{`${listed.length} listed: choose one`}</option>
                {listed.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
      </td>
      <td>
        {choice && (
          <select
            aria-label={`${label} mode`}
            value={choice.mode}
            onChange={(e) => onChange({ ...choice, mode: e.target.value as OutputMode })}
          >
            {OUTPUT_MODES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>{choice && <EngineTest label={label} choice={choice} baseUrl={baseUrl} />}</td>
    </tr>
  );
}
