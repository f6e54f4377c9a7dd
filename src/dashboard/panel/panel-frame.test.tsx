// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelSpec } from '../../catalog/types';
import type { PanelState } from '../data/view-state';
import { PanelFrame } from './panel-frame';

afterEach(cleanup);

const panel = { id: 'ttft', width: 'half' } as unknown as PanelSpec;

function frame(state: PanelState, fetching: boolean, stale = false) {
  const { container } = render(
    <PanelFrame panel={panel} title="TTFT" description="" fill={false} root={createRef()} state={state} stale={stale} fetching={fetching} menuItems={[]}>
      <p>body</p>
    </PanelFrame>,
  );
  return container.querySelector('.iw-spinner');
}

describe('PanelFrame’s refresh spinner', () => {
  it('turns while a panel refreshes what it shows', () => {
    expect(frame('ok', true)).not.toBeNull();
  });
  it('is not there while the panel loads (its body says so: an animation costs the page frames), when idle, stale or failed', () => {
    expect(frame('loading', true)).toBeNull();
    expect(frame('ok', false)).toBeNull();
    expect(frame('ok', true, true)).toBeNull();
    expect(frame('error', true)).toBeNull();
  });
});
