// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LegendTable } from './legend-table';
import type { ChartSeries } from '../core/types';

const HOSTILE = '<img src=x onerror=alert(1)>';
const series: ChartSeries[] = [
  { id: 'a', name: HOSTILE, labels: { model_name: HOSTILE }, points: [[0, 0.5], [15_000, 1.5], [30_000, null]] },
  { id: 'b', name: 'llama\u202Eevil "quoted"', labels: {}, points: [[0, null]] },
];

afterEach(cleanup);

describe('LegendTable', () => {
  it('renders hostile names as text, never as elements', () => {
    const { container } = render(<LegendTable series={series} unit="seconds" hidden={new Set()} onToggle={() => {}} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: HOSTILE })).toBeTruthy();
    expect(screen.getByText('llama\u202Eevil "quoted"')).toBeTruthy();
  });

  it('shows last, mean and max in the unit', () => {
    render(<LegendTable series={series} unit="seconds" hidden={new Set()} onToggle={() => {}} locale="en-US" />);
    const row = screen.getByRole('button', { name: HOSTILE }).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['1.5 s', '1 s', '1.5 s']);
    const empty = screen.getByRole('button', { name: /llama/ }).closest('tr');
    if (!empty) throw new Error('no row');
    expect(within(empty).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['–', '–', '–']);
  });

  it('shows a quantile line’s bucket bound instead of the first bucket’s midpoint', () => {
    // vLLM queue time p50 with every request in the first bucket (0, 0.3 s]: 0.15 s is interpolation.
    const p50: ChartSeries[] = [{ id: 'p50{model_name="m"}', name: 'm p50', labels: {}, points: [[0, 0.15], [15_000, 0.15]] }];
    const bound = (id: string, v: number) => (id.startsWith('p50') && v < 0.3 ? '< 300 ms' : undefined);
    render(<LegendTable series={p50} unit="seconds" hidden={new Set()} onToggle={() => {}} locale="en-US" valueText={bound} />);
    const row = screen.getByRole('button', { name: 'm p50' }).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['< 300 ms', '< 300 ms', '< 300 ms']);
  });

  it('toggles a series by id and reports its state with aria-pressed', () => {
    const onToggle = vi.fn();
    render(<LegendTable series={series} unit="count" hidden={new Set(['b'])} onToggle={onToggle} />);
    const a = screen.getByRole('button', { name: HOSTILE });
    const b = screen.getByRole('button', { name: /llama/ });
    expect(a.getAttribute('aria-pressed')).toBe('true');
    expect(b.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(b);
    expect(onToggle).toHaveBeenCalledWith('b');
  });

  it('labels its columns', () => {
    render(<LegendTable series={[]} unit="count" hidden={new Set()} onToggle={() => {}} />);
    expect(screen.getAllByRole('columnheader').map((h) => within(h).getByRole('button').textContent?.replace(/[↕▲▼]/, ''))).toEqual(['Series', 'Last', 'Mean', 'Max']);
  });

  const many: ChartSeries[] = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'].map((m, i) => ({
    id: `q{model_name="${m}"}`,
    name: m,
    labels: { model_name: m },
    points: [[0, i], [15_000, (i * 3) % 7]],
  }));
  const rowNames = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);

  it('sorts by a column from its header button and says so with aria-sort', () => {
    render(<LegendTable series={many.slice(0, 4)} unit="count" hidden={new Set()} onToggle={() => {}} />);
    const last = screen.getByRole('columnheader', { name: /Last/ });
    expect(last.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(last).getByRole('button'));
    expect(last.getAttribute('aria-sort')).toBe('descending');
    // Last values: m1 0, m2 3, m3 6, m4 2.
    expect(rowNames()).toEqual(['m3', 'm2', 'm4', 'm1']);
    fireEvent.click(within(last).getByRole('button'));
    expect(last.getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames()).toEqual(['m1', 'm4', 'm2', 'm3']);
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Series/ })).getByRole('button'));
    expect(last.getAttribute('aria-sort')).toBeNull();
    expect(rowNames()).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('never hides a row without saying so: a long list collapses behind "show all" and can be filtered', () => {
    render(<LegendTable series={many} unit="count" hidden={new Set()} onToggle={() => {}} />);
    expect(rowNames()).toHaveLength(5);
    const more = screen.getByRole('button', { name: 'Show all 7 series' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(rowNames()).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter series' }), { target: { value: 'M7' } });
    expect(rowNames()).toEqual(['m7']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter series' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No series match')).toBeTruthy();
  });

  it('shows six series in full, with no filter or "show all"', () => {
    render(<LegendTable series={many.slice(0, 6)} unit="count" hidden={new Set()} onToggle={() => {}} />);
    expect(rowNames()).toHaveLength(6);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows as "Last" the value at the last step every series has reached', () => {
    const lagging: ChartSeries[] = [
      { id: 'x', name: 'x', labels: { m: 'x' }, points: [[0, 1], [15_000, 0.635]] },
      { id: 'y', name: 'y', labels: { m: 'y' }, points: [[0, 0.825], [15_000, null]] },
    ];
    render(<LegendTable series={lagging} unit="count" hidden={new Set()} onToggle={() => {}} locale="en-US" />);
    const lastOf = (n: string) => within(screen.getByRole('button', { name: n }).closest('tr')!).getAllByRole('cell')[1]?.textContent;
    expect(lastOf('x')).toBe('1');
    expect(lastOf('y')).toBe('0.825');
  });
});
