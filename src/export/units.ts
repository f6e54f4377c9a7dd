// The board's units as Grafana unit ids and Perses formats. Neither has a tokens unit: Grafana
// takes a custom suffix, Perses a plain decimal (said in docs/export.md).
import type { Unit } from '../lib/units';

export const GRAFANA_UNIT: Record<Unit, string> = {
  reqps: 'reqps',
  tokps: 'suffix: tok/s',
  tokens: 'suffix: tokens',
  requests: 'short',
  seconds: 's',
  ms: 'ms',
  ratio: 'percentunit',
  percent: 'percent',
  bytes: 'bytes',
  bytesps: 'Bps',
  flops: 'flops',
  ops: 'ops',
  count: 'short',
  gbps: 'GBs',
  watts: 'watt',
  celsius: 'celsius',
  mhz: 'suffix: MHz',
  usd: 'currencyUSD',
  tokpj: 'suffix: tok/J',
  tokpgs: 'suffix: tok/GPU·s',
};

/** A Perses format (`{ unit, decimalPlaces }`); units Perses lacks fall back to `decimal`. */
export const PERSES_UNIT: Record<Unit, string> = {
  reqps: 'requests/sec',
  tokps: 'decimal',
  tokens: 'decimal',
  requests: 'decimal',
  seconds: 'seconds',
  ms: 'milliseconds',
  ratio: 'percent-decimal',
  percent: 'percent',
  bytes: 'bytes',
  bytesps: 'bytes/sec',
  flops: 'decimal',
  ops: 'ops/sec',
  count: 'decimal',
  gbps: 'decimal',
  watts: 'decimal',
  celsius: 'celsius',
  mhz: 'decimal',
  usd: 'usd',
  tokpj: 'decimal',
  tokpgs: 'decimal',
};

export const THRESHOLD_COLOR = { green: 'green', amber: 'orange', red: 'red' } as const;
