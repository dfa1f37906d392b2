/** The sprint view's Export: Puffin's own markdown, or the spec files another tool (and its agents) reads. */
import { useState } from 'react';
import { EXPORT_FORMATS, FORMAT_LABEL } from '../../../shared/specFormats';
import type { ExportChoice } from '../store/sprintSlice';

const CHOICES: { value: ExportChoice; label: string }[] = [
  { value: 'markdown', label: 'Markdown (docs/puffin)' },
  ...EXPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] })),
];

export function ExportMenu({
  disabled,
  onExport,
}: {
  disabled: boolean;
  onExport: (format: ExportChoice) => void;
}) {
  const [format, setFormat] = useState<ExportChoice>('markdown');
  return (
    <span className="export-menu">
      <label>
        Export as{' '}
        <select value={format} onChange={(e) => setFormat(e.target.value as ExportChoice)}>
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={disabled} onClick={() => onExport(format)}>
        Export
      </button>
    </span>
  );
}
