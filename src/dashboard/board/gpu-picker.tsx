// The GPU whose peak FLOP/s the MFU panel divides by: pick from the table or type a number.
import { useState } from 'react';
import type { GpuPeak } from '../../config/runtime-config';
import { formatValue } from '../../lib/units';
import { useT } from '../../i18n';

export function GpuPicker({ value, table, onChange }: { value: string; table: GpuPeak[]; onChange: (v: string) => void }) {
  const t = useT();
  const inTable = table.some((g) => g.name === value);
  const [custom, setCustom] = useState(inTable ? '' : value);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm mb-2">
      <label className="iw-control">
        <span className="iw-control-label">{t.gpu}</span>
        <select aria-label={t.gpu} value={inTable ? value : ''} onChange={(e) => e.target.value && onChange(e.target.value)}>
          {!inTable && <option value="">{t.gpuCustom}</option>}
          {table.map((g) => (
            <option key={g.name} value={g.name}>
              {g.name} · {formatValue(g.flops, 'flops')}
            </option>
          ))}
        </select>
      </label>
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(custom);
          if (Number.isFinite(n) && n > 0) onChange(String(n));
        }}
      >
        <input className="iw-input w-32" aria-label={t.gpuCustom} placeholder="1.2e15" value={custom} onChange={(e) => setCustom(e.target.value)} />
        <button type="submit" className="iw-button">
          {t.apply}
        </button>
      </form>
    </div>
  );
}
