// @vitest-environment jsdom
// The engine registry is the one place that knows the engines: a third engine registered in a
// test is asked for, resolved, detected and offered in the toggle without touching any of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  defineEngine,
  type EngineId,
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
import { ENGINE_NAME_MATCH, SHARED_NAME_MATCH } from '../backend/use-backend';
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
const registry: EngineRegistry<EngineId | 'toy'> = [...ENGINES, toy];
const none = { vllm: 0, sglang: 0, lmdeploy: 0, trtllm: 0, toy: 0 };

/** How Prometheus applies a `=~` matcher: anchored at both ends. */
function selects(match: string, name: string): boolean {
  const re = /__name__=~"(.*)"/.exec(match)?.[1];
  return re !== undefined && new RegExp(`^(?:${re})$`).test(name);
}

describe('the engine registry', () => {
  it('builds the name discovery matcher from every entry (the app asks exactly this)', () => {
    expect(ENGINE_NAME_MATCH).toBe('{__name__=~".*(vllm|sglang|lmdeploy|trtllm).*"}');
    const match = engineNameMatch(registry);
    for (const name of ['toy:num_running', 'toy_num_running', 'ray_toy:num_running', 'vllm:num_requests_running'])
      expect(selects(match, name), name).toBe(true);
    expect(selects(match, 'up')).toBe(false);
  });

  it('asks by name for what catalogs query without an engine word (targets, the API server)', () => {
    for (const name of ['up', 'process_start_time_seconds', 'http_requests_total']) expect(selects(SHARED_NAME_MATCH, name), name).toBe(true);
    expect(selects(SHARED_NAME_MATCH, 'prometheus_http_requests_total')).toBe(false);
  });

  it('resolves and detects a registered engine that the backend holds', () => {
    const names = new Set(['ray_toy_num_running', 'up']);
    const resolved = resolveEngines(registry, names);
    expect(resolved.toy.get('running')?.name).toBe('ray_toy_num_running');
    const presence = presenceNames(registry, resolved);
    expect(presence).toEqual({ vllm: null, sglang: null, lmdeploy: null, trtllm: null, toy: 'ray_toy_num_running' });
    expect(detectEngine(registry, presence, null)).toBe('toy');
    expect(detectEngine(registry, presence, { ...none, toy: 3 })).toBe('toy');
  });

  it('keeps the first entry as the default when several engines (or none) are present', () => {
    const both = presenceNames(registry, resolveEngines(registry, new Set(['vllm:num_requests_running', 'sglang:num_running_reqs'])));
    expect(detectEngine(registry, both, null)).toBe('vllm');
    expect(detectEngine(registry, both, { ...none, sglang: 2 })).toBe('sglang');
    expect(detectEngine(registry, presenceNames(registry, null), null)).toBe('vllm');
  });

  it('offers a registered engine the backend has servers of: a list named Engine, in registry order', () => {
    const onChange = vi.fn();
    render(<EngineToggle engines={registry} engine="sglang" instances={{ ...none, vllm: 1, sglang: 2, toy: 3 }} onChange={onChange} />);
    const list = screen.getByRole('combobox', { name: 'Engine' });
    expect([...list.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['vllm', 'sglang', 'toy']);
    fireEvent.change(list, { target: { value: 'toy' } });
    expect(onChange).toHaveBeenLastCalledWith('toy');
  });

  it('keeps the two-engine toggle when no other engine has servers, arrow keys wrapping', () => {
    const onChange = vi.fn();
    render(<EngineToggle engines={registry} engine="sglang" instances={{ ...none, vllm: 1, sglang: 2 }} onChange={onChange} />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['vLLM', 'SGLang']);
    fireEvent.keyDown(screen.getByRole('radio', { name: 'SGLang' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('vllm');
  });

  it('is what the URL codec and the config validator accept, and name in their messages', () => {
    expect(ENGINES.map((e) => e.id).every(isEngineId)).toBe(true);
    expect(isEngineId('toy')).toBe(false); // the app's registry has no toy engine: EngineId stays sound
    expect(parseUrlState('?engine=sglang').state.engine).toBe('sglang');
    expect(parseUrlState('?engine=toy').problems).toEqual(['Ignored engine="toy": unknown engine (use vllm, sglang, lmdeploy or trtllm)']);
    expect(validateConfig({ defaultEngine: 'sglang' }).defaultEngine).toBe('sglang');
    expect(() => validateConfig({ defaultEngine: 'toy' })).toThrow('"defaultEngine" must be "vllm", "sglang", "lmdeploy" or "trtllm"');
    expect(engineIdList(registry)).toBe('vllm, sglang, lmdeploy, trtllm or toy');
  });

  it('refuses an entry whose name pattern would not be a plain word, or whose presence metric is missing', () => {
    expect(() => defineEngine(toyCatalog, '.*')).toThrow(/not a plain word/);
    expect(() => defineEngine({ ...toyCatalog, presenceMetric: 'nope' }, 'toy')).toThrow(/presence metric/);
  });
});
