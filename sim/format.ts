// Number and label formatting exactly as the Python prometheus_client writes them, so the
// simulated /metrics is byte-compatible with what vLLM and SGLang serve (e.g. le="1.0", "1e+06").

/** Python's repr(float): shortest round-trip digits, exponent form below 1e-4 or from 1e16. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant = '0', expStr = '0'] = x.toExponential().split('e');
  const exp = Number(expStr);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

/**
 * prometheus_client.utils.floatToGoString: repr() but Go-style exponents for values whose
 * integer part has more than 6 digits (1000000.0 -> "1e+06", 2147483648.0 -> "2.147483648e+09").
 */
export function floatToGoString(x: number): string {
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  if (Number.isNaN(x)) return 'NaN';
  const s = pythonFloatRepr(x);
  const dot = s.indexOf('.');
  if (x > 0 && dot > 6) {
    const mantissa = `${s[0]}.${s.slice(1, dot)}${s.slice(dot + 1)}`.replace(/[0.]+$/, '');
    return `${mantissa}e+0${dot - 1}`;
  }
  return s;
}

/**
 * How a histogram's `le` label is written. `python`: the Python client's text ("1.0", "0.005"),
 * which Prometheus 2 stores as is. `int`: what Prometheus 3 stores after normalising classic
 * histogram bounds on ingestion ("1", "0.005", "1e+06"): Go's shortest float formatting.
 */
export type LeFormat = 'python' | 'int';

export function formatLe(bound: number, format: LeFormat): string {
  const s = floatToGoString(bound);
  return format === 'int' ? s.replace(/\.0$/, '') : s;
}

/** Label value escaping of the text format (backslash, newline, double quote). */
export function escapeLabelValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function escapeHelp(h: string): string {
  return h.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** `{a="1",b="2"}` with keys sorted, as prometheus_client does; '' for no labels. */
export function formatLabels(labels: Readonly<Record<string, string>>): string {
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return '';
  return `{${keys.map((k) => `${k}="${escapeLabelValue(labels[k] ?? '')}"`).join(',')}}`;
}
