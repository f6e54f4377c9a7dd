// @vitest-environment jsdom
// The wrapper's update discipline, with echarts-for-react replaced by a recorder of the setOption
// calls it would make (it calls setOption when its `option` prop changes): one update per new
// option while the chart is on screen, none while it is off screen, and the latest one when it
// comes back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import type { ChartOption } from '../timeseries/options';

const setOptions = vi.hoisted((): unknown[] => []);

vi.mock('echarts-for-react/esm/core', async () => {
  const { Component, createElement } = await import('react');
  interface Props {
    option: unknown;
    onChartReady?: (instance: unknown) => void;
    style?: Record<string, unknown>;
  }
  class FakeCore extends Component<Props> {
    ele: HTMLDivElement | null = null;
    override componentDidMount(): void {
      setOptions.push(this.props.option);
      const ele = this.ele;
      const zr = { on: () => undefined, off: () => undefined };
      this.props.onChartReady?.({ getDom: () => ele, getZr: () => zr, isDisposed: () => false, group: '' });
    }
    override componentDidUpdate(prev: Props): void {
      if (prev.option !== this.props.option) setOptions.push(this.props.option);
    }
    override render() {
      return createElement('div', { ref: (e: HTMLDivElement | null) => void (this.ele = e), 'data-fake-chart': '' });
    }
  }
  return { default: FakeCore };
});

// The page's IntersectionObserver, driven by the test.
let io: { cb: (entries: Array<{ isIntersecting: boolean }>) => void } | null = null;
class FakeIO {
  constructor(cb: (entries: Array<{ isIntersecting: boolean }>) => void) {
    io = { cb };
  }
  observe(): void {}
  disconnect(): void {}
}
const scroll = (on: boolean) => act(() => io?.cb([{ isIntersecting: on }]));

const { EChart, resizeToBox } = await import('./echart');

const option = (n: number): ChartOption => ({ series: [{ type: 'line', id: 'a', data: [[n * 15_000, n]] }] });
const chart = (o: ChartOption) => createElement(EChart, { option: o, theme: 'light', height: 200, ariaLabel: 'chart' });

beforeEach(() => {
  setOptions.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIO);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EChart updates', () => {
  it('sets each new option once while on screen, and not again for a re-render with the same one', () => {
    const first = option(1);
    const view = render(chart(first));
    scroll(true);
    const second = option(2);
    view.rerender(chart(second));
    view.rerender(chart(second));
    expect(setOptions).toEqual([first, second]);
  });

  it('holds its last drawn option while off screen and draws only the latest one when back in view', () => {
    const view = render(chart(option(1)));
    scroll(false);
    view.rerender(chart(option(2)));
    view.rerender(chart(option(3)));
    expect(setOptions).toHaveLength(1);
    const latest = option(4);
    view.rerender(chart(latest));
    scroll(true);
    expect(setOptions).toHaveLength(2);
    expect(setOptions[1]).toBe(latest);
  });
});

describe('EChart resize', () => {
  const fake = (box: { w: number; h: number }, chart: { w: number; h: number }) => {
    const resize = vi.fn();
    const ele = { clientWidth: box.w, clientHeight: box.h } as unknown as HTMLElement;
    const instance = { isDisposed: () => false, getWidth: () => chart.w, getHeight: () => chart.h, resize };
    return { self: { ele, getEchartsInstance: () => instance as never }, resize };
  };

  it('resizes on the first callback when the box already differs from the chart (the row that came within the debounce)', () => {
    const { self, resize } = fake({ w: 573, h: 161 }, { w: 573, h: 178 });
    resizeToBox.call(self);
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('does not redraw for a callback whose box equals the chart', () => {
    const { self, resize } = fake({ w: 573, h: 178 }, { w: 573, h: 178 });
    resizeToBox.call(self);
    expect(resize).not.toHaveBeenCalled();
  });
});
