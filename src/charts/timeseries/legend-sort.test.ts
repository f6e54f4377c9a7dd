import { describe, expect, it } from 'vitest';
import { filterLegendRows, nextSort, sortLegendRows } from './legend-sort';

const row = (name: string, last: number | null, mean: number | null = last, max: number | null = last) => ({ name, stats: { last, mean, max } });
const rows = [row('model-10', 3), row('model-2', null), row('model-1', 7, 1, 9), row('Alpha', 5, 6, 6)];
const names = (r: ReadonlyArray<{ name: string }>) => r.map((x) => x.name);

describe('legend sorting', () => {
  it('keeps chart order without a sort', () => {
    expect(names(sortLegendRows(rows, null))).toEqual(['model-10', 'model-2', 'model-1', 'Alpha']);
  });

  it('sorts by last, largest first, with empty rows last in both directions', () => {
    expect(names(sortLegendRows(rows, { key: 'last', dir: 'descending' }))).toEqual(['model-1', 'Alpha', 'model-10', 'model-2']);
    expect(names(sortLegendRows(rows, { key: 'last', dir: 'ascending' }))).toEqual(['model-10', 'Alpha', 'model-1', 'model-2']);
  });

  it('sorts by mean and by max on their own column', () => {
    expect(names(sortLegendRows(rows, { key: 'mean', dir: 'descending' }))).toEqual(['Alpha', 'model-10', 'model-1', 'model-2']);
    expect(names(sortLegendRows(rows, { key: 'max', dir: 'descending' }))).toEqual(['model-1', 'Alpha', 'model-10', 'model-2']);
  });

  it('sorts names naturally (model-2 before model-10), case-insensitively', () => {
    expect(names(sortLegendRows(rows, { key: 'name', dir: 'ascending' }))).toEqual(['Alpha', 'model-1', 'model-2', 'model-10']);
    expect(names(sortLegendRows(rows, { key: 'name', dir: 'descending' }))).toEqual(['model-10', 'model-2', 'model-1', 'Alpha']);
  });

  it('keeps chart order among ties', () => {
    const tied = [row('b', 1), row('a', 1), row('c', 2)];
    expect(names(sortLegendRows(tied, { key: 'last', dir: 'descending' }))).toEqual(['c', 'b', 'a']);
  });

  it('starts numbers largest first and names A→Z; a second click flips', () => {
    expect(nextSort(null, 'max')).toEqual({ key: 'max', dir: 'descending' });
    expect(nextSort(null, 'name')).toEqual({ key: 'name', dir: 'ascending' });
    expect(nextSort({ key: 'max', dir: 'descending' }, 'max')).toEqual({ key: 'max', dir: 'ascending' });
    expect(nextSort({ key: 'max', dir: 'descending' }, 'last')).toEqual({ key: 'last', dir: 'descending' });
  });

  it('filters by a case-insensitive substring of the name', () => {
    expect(names(filterLegendRows(rows, ' MODEL-1'))).toEqual(['model-10', 'model-1']);
    expect(filterLegendRows(rows, '')).toHaveLength(4);
  });
});
