// @vitest-environment jsdom
// The Engine control: the two-engine toggle while the backend has no third engine's servers, a
// list (same accessible name) once more than two engines are offered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ENGINES } from '../../catalog';
import { EngineToggle, offeredEngines } from './header';

afterEach(cleanup);

describe('the Engine control', () => {
  it('stays the vLLM / SGLang toggle when no other engine has servers', () => {
    const onChange = vi.fn();
    render(<EngineToggle engines={ENGINES} engine="vllm" instances={{ vllm: 2, sglang: 1, lmdeploy: 0, trtllm: 0 }} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Engine' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['vLLM', 'SGLang']);
    fireEvent.click(screen.getByRole('radio', { name: 'SGLang' }));
    expect(onChange).toHaveBeenLastCalledWith('sglang');
    expect(group).toBeTruthy();
  });

  it('becomes a list named Engine when a third engine has servers, or is shown', () => {
    const onChange = vi.fn();
    render(<EngineToggle engines={ENGINES} engine="vllm" instances={{ vllm: 2, sglang: 1, lmdeploy: 3, trtllm: 0 }} onChange={onChange} />);
    const list = screen.getByRole('combobox', { name: 'Engine' });
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['vllm', 'sglang', 'lmdeploy']);
    fireEvent.change(list, { target: { value: 'lmdeploy' } });
    expect(onChange).toHaveBeenLastCalledWith('lmdeploy');
    expect(offeredEngines(ENGINES, 'lmdeploy', null).map((e) => e.id)).toEqual(['vllm', 'sglang', 'lmdeploy']);
    expect(offeredEngines(ENGINES, 'sglang', null).map((e) => e.id)).toEqual(['vllm', 'sglang']);
  });
});
