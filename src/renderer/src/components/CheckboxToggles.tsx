/** One checkbox per key, for filters kept as a key → shown record (log levels, story statuses). */
export function CheckboxToggles<K extends string>(props: {
  keys: readonly K[];
  checked: Readonly<Record<K, boolean>>;
  onToggle: (key: K, on: boolean) => void;
  label?: (key: K) => string;
}) {
  return props.keys.map((key) => (
    <label key={key} className="inline">
      <input
        type="checkbox"
        checked={props.checked[key]}
        onChange={(e) => props.onToggle(key, e.target.checked)}
      />{' '}
      {props.label ? props.label(key) : key}
    </label>
  ));
}
