// @vitest-environment jsdom
// The engine registry is the one place that knows the engines: a third engine registered in a
// test is asked for, resolved, detected and offered in the toggle without touching any of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  defineEngine,
  detectEngine,
  engineIdList,
  engineNameMatch,
  ENGINES,
  isEngineId,
  presenceNames,
  resolveEngines,
  type EngineCatalog,
  type EngineRegistry,
} from '../../catalog';
import { validateConfig } from '../../config/runtime-config';
import { EngineToggle } from '../header/header';
import { ENGINE_NAME_MATCH } from '../backend/use-backend';
import { parseUrlState } from '../url/url-state';

afterEach(cleanup);

const toyCatalog: EngineCatalog<'toy'> = {
  engine: 'toy',
  label: 'ToyLM',
  filterLabels: { model: 'model_name', instance: 'instance', rank: ['shard'] },
  presenceMetric: 'running',
  metrics: {
    running: { id: 'running', variants: ['toy:num_running'], kind: 'gauge', labels: ['model_name', 'shard'], enabledBy: 'default' },
  },
  stats: [],
  panels: [],
};
const toy = defineEngine(toyCatalog, 'toy');
const registry: EngineRegistry<'vllm' | 'sglang' | 'toy'> = [...ENGINES, toy];

/** How Prometheus applies a `=~` matcher: anchored at both ends. */
function selects(match: string, name: string): boolean {
  const re = /__name__=~"(.*)"/.exec(match)?.[1];
  return re !== undefined && new RegExp(`^(?:${re})$`).test(name);
}

describe('the engine registry', () => {
  it('builds the name discovery matcher from every entry (the app asks exactly this)', () => {
    expect(ENGINE_NAME_MATCH).toBe('{__name__=~".*(vllm|sglang).*"}');
    const match = engineNameMatch(registry);
    for (const name of ['toy:num_running', 'toy_num_running', 'ray_toy:num_running', 'vllm:num_requests_running'])
      expect(selects(match, name), name).toBe(true);
    expect(selects(match, 'up')).toBe(false);
  });

  it('resolves and detects a registered engine that the backend holds', () => {
    const names = new Set(['ray_toy_num_running', 'up']);
    const resolved = resolveEngines(registry, names);
    expect(resolved.toy.get('running')?.name).toBe('ray_toy_num_running');
    const presence = presenceNames(registry, resolved);
    expect(presence).toEqual({ vllm: null, sglang: null, toy: 'ray_toy_num_running' });
    expect(detectEngine(registry, presence, null)).toBe('toy');
    expect(detectEngine(registry, presence, { vllm: 0, sglang: 0, toy: 3 })).toBe('toy');
  });

  it('keeps the first entry as the default when several engines (or none) are present', () => {
    const both = presenceNames(registry, resolveEngines(registry, new Set(['vllm:num_requests_running', 'sglang:num_running_reqs'])));
    expect(detectEngine(registry, both, null)).toBe('vllm');
    expect(detectEngine(registry, both, { vllm: 0, sglang: 2, toy: 0 })).toBe('sglang');
    expect(detectEngine(registry, presenceNames(registry, null), null)).toBe('vllm');
  });

  it('offers every registered engine in the toggle, in order, with arrow keys wrapping', () => {
    const onChange = vi.fn();
    render(<EngineToggle engines={registry} engine="sglang" instances={{ vllm: 1, sglang: 2, toy: 3 }} onChange={onChange} />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['vLLM', 'SGLang', 'ToyLM']);
    fireEvent.click(screen.getByRole('radio', { name: 'ToyLM' }));
    expect(onChange).toHaveBeenLastCalledWith('toy');
    fireEvent.keyDown(screen.getByRole('radio', { name: 'SGLang' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('toy');
    fireEvent.keyDown(screen.getByRole('radio', { name: 'ToyLM' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('vllm');
  });

  it('is what the URL codec and the config validator accept, and name in their messages', () => {
    expect(ENGINES.map((e) => e.id).every(isEngineId)).toBe(true);
    expect(isEngineId('toy')).toBe(false); // the app's registry has no toy engine: EngineId stays sound
    expect(parseUrlState('?engine=sglang').state.engine).toBe('sglang');
    expect(parseUrlState('?engine=toy').problems).toEqual(['Ignored engine="toy": unknown engine (use vllm or sglang)']);
    expect(validateConfig({ defaultEngine: 'sglang' }).defaultEngine).toBe('sglang');
    expect(() => validateConfig({ defaultEngine: 'toy' })).toThrow('"defaultEngine" must be "vllm" or "sglang"');
    expect(engineIdList(registry)).toBe('vllm, sglang or toy');
  });

  it('refuses an entry whose name pattern would not be a plain word, or whose presence metric is missing', () => {
    expect(() => defineEngine(toyCatalog, '.*')).toThrow(/not a plain word/);
    expect(() => defineEngine({ ...toyCatalog, presenceMetric: 'nope' }, 'toy')).toThrow(/presence metric/);
  });
});
