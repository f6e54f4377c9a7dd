// Between the board's expressions and the exported ones: the board's rate window, range and filter
// matchers become `$__rate_interval`, `$__range`, `$__range_s` and `label=~"$var"`, and back.
//
// @example
// boardForm('sum(rate(x{model_name=~"$model"}[$__rate_interval]))', { rateInterval: '1m', rangeSec: 3600, variables: [{ name: 'model', label: 'model_name', values: [] }] })
//   // → 'sum(rate(x[1m]))', exactly what the board sends with no model filter
import { matcherFor } from '../catalog/promql';

/** A value no rate window, range or filter of a real board takes; each is swapped for its variable. */
export const SENTINEL_RATE = '77777s';
export const SENTINEL_RANGE = 8_888_888;
export const sentinelValue = (variable: string): string => `__iw_var_${variable}__`;

export interface VariableValues {
  name: string;
  label: string;
  values: readonly string[];
}

export const variableMatcher = (label: string, name: string): string => `${label}=~"$${name}"`;

function replaceAll(s: string, from: string, to: string): string {
  return from === '' ? s : s.split(from).join(to);
}

/** The sentinels of an expansion replaced by the exported variables. */
export function toVariables(expr: string, variables: ReadonlyArray<{ name: string; label: string }>, fixed: { lifetime: [string, string] }): string {
  let out = replaceAll(expr, SENTINEL_RATE, '$__rate_interval');
  // The lifetime window is computed from the range (a subquery span and step): the board's own values.
  out = replaceAll(out, fixed.lifetime[0], fixed.lifetime[1]);
  out = replaceAll(out, `${SENTINEL_RANGE}s`, '$__range');
  out = replaceAll(out, String(SENTINEL_RANGE), '$__range_s');
  for (const v of variables) out = replaceAll(out, `${v.label}="${sentinelValue(v.name)}"`, variableMatcher(v.label, v.name));
  return out;
}

/** An exported expression as the board writes it for these values (a variable with no value: no matcher, as the board). */
export function boardForm(expr: string, opts: { rateInterval: string; rangeSec: number; variables: readonly VariableValues[] }): string {
  let out = replaceAll(expr, '$__rate_interval', opts.rateInterval);
  out = replaceAll(out, '$__range_s', String(opts.rangeSec));
  out = replaceAll(out, '$__range', `${opts.rangeSec}s`);
  for (const v of opts.variables) {
    const m = variableMatcher(v.label, v.name);
    const value = matcherFor(v.label, v.values);
    if (value !== '') {
      out = replaceAll(out, m, value);
      continue;
    }
    // Matchers are joined with ", " (catalog/promql.ts selector()).
    out = replaceAll(out, `{${m}}`, '');
    out = replaceAll(out, `, ${m}`, '');
    out = replaceAll(out, `{${m}, `, '{');
  }
  return out;
}
