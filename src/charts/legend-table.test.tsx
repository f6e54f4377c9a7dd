// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LegendTable } from './legend-table';
import type { ChartSeries } from './types';

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
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Series', 'Last', 'Mean', 'Max']);
  });
});
