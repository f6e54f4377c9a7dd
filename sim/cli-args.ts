// Tiny `--flag value` / `--flag=value` parser shared by the sim and demo CLIs (no dependency).
import { PROFILES, type Profile } from './engines/presets.ts';
import { DEFAULT_ENGINES, type EngineFleet, parseEngines } from './fleet.ts';
import { ENGINES } from './spec.ts';

export type ParsedArgs = Map<string, string>;

export function parseArgs(argv: readonly string[], booleans: readonly string[] = []): ParsedArgs {
  const out: ParsedArgs = new Map();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    if (eq > 0) {
      out.set(a.slice(2, eq), a.slice(eq + 1));
    } else if (booleans.includes(a.slice(2))) {
      out.set(a.slice(2), 'true');
    } else {
      const v = argv[i + 1];
      if (v === undefined) throw new Error(`${a} needs a value`);
      out.set(a.slice(2), v);
      i++;
    }
  }
  return out;
}

export function numArg(args: ParsedArgs, name: string): number | undefined {
  const v = args.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got "${v}"`);
  return n;
}

export function profileArg(args: ParsedArgs): Profile | undefined {
  const v = args.get('profile');
  if (v === undefined) return undefined;
  const known: readonly string[] = PROFILES;
  if (known.includes(v)) return v as Profile;
  throw new Error(`--profile must be one of ${PROFILES.join(', ')}, got "${v}"`);
}

export function leFormatArg(args: ParsedArgs): 'python' | 'int' | undefined {
  const v = args.get('le-format');
  if (v === undefined) return undefined;
  if (v === 'python' || v === 'int') return v;
  throw new Error(`--le-format must be python or int, got "${v}"`);
}

/** `--engines a,b` plus `--<engine>-port` / `--<engine>-instances` for each engine, as fleet entries. */
export function engineArgs(args: ParsedArgs): EngineFleet[] {
  const list = args.get('engines');
  const ids = list === undefined ? DEFAULT_ENGINES : parseEngines(list);
  for (const e of ENGINES) {
    if (ids.includes(e)) continue;
    for (const flag of [`${e}-port`, `${e}-instances`]) if (args.has(flag)) throw new Error(`--${flag} given but ${e} is not in --engines (${ids.join(',')})`);
  }
  return ids.map((id) => ({ id, port: numArg(args, `${id}-port`), instances: numArg(args, `${id}-instances`) }));
}

/** The engine flags' help lines, shared by `npm run sim` and `npm run demo`. */
export const ENGINE_USAGE = `  --engines vllm,sglang    engines to simulate, from: ${ENGINES.join(', ')}
  --vllm-port 8000         first port of each engine (its instances take consecutive ports):
  --sglang-port 30000        --lmdeploy-port 23333, --trtllm-port 8300 (metrics on /prometheus/metrics)
  --vllm-instances 2       servers per engine (also --sglang-/--lmdeploy-/--trtllm-instances, default 2);
                           the 2nd vLLM/LMDeploy server has 2 DP engines, the 2nd SGLang one DP attention`;
