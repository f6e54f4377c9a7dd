// @vitest-environment jsdom
// The page's markers reach the charts that draw them, and only those re-render when they change
// (a chart loading, off screen, or of a kind without markers stays as it is).
import { act, cleanup, render } from '@testing-library/react';
import { Profiler, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartMarker } from '../../charts';
import { BoardMarkersContext, MarkersStore, useBoardMarkers } from './board-markers';

afterEach(cleanup);

const renders = { drawing: 0, other: 0 };
let seen: readonly ChartMarker[] = [];

function Markers({ draws }: { draws: boolean }) {
  const { alerts } = useBoardMarkers(draws);
  useLayoutEffect(() => {
    if (draws) seen = alerts;
  }, [draws, alerts]);
  return null;
}

/** A chart's use of the markers, its renders counted (React's Profiler: one call per commit of it). */
function Chart({ draws, name }: { draws: boolean; name: 'drawing' | 'other' }) {
  return (
    <Profiler id={name} onRender={() => (renders[name] += 1)}>
      <Markers draws={draws} />
    </Profiler>
  );
}

describe('useBoardMarkers', () => {
  it('a new set of markers re-renders the charts that draw them, not the others; the same set re-renders nobody', () => {
    const store = new MarkersStore();
    render(
      <BoardMarkersContext.Provider value={store}>
        <Chart draws name="drawing" />
        <Chart draws={false} name="other" />
      </BoardMarkersContext.Provider>,
    );
    const before = { ...renders };
    const alerts: ChartMarker[] = [{ t: 1, label: 'KVCacheFull', severity: 'critical' }];
    const changes: ChartMarker[] = [];
    act(() => store.set({ alerts, changes }));
    expect(seen).toBe(alerts);
    expect(renders.drawing).toBe(before.drawing + 1);
    expect(renders.other).toBe(before.other);
    act(() => store.set({ alerts, changes }));
    expect(renders.drawing).toBe(before.drawing + 1);
  });

  it('outside a board (no provider) a chart draws none', () => {
    render(<Chart draws name="drawing" />);
    expect(seen).toEqual([]);
  });
});
