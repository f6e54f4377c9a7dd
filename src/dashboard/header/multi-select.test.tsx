// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nContext, messagesFor } from '../../i18n';
import { MultiSelect } from './multi-select';

afterEach(cleanup);

function open(values: string[], sentOnly: number | null = null) {
  render(
    <I18nContext.Provider value={{ lang: 'en', t: messagesFor('en') }}>
      <MultiSelect label="Instance" values={values} selected={[]} onChange={() => undefined} sentOnly={sentOnly} />
    </I18nContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Instance: All' }));
}

describe('MultiSelect', () => {
  it('draws the first 200 values and says how many more a search reaches', () => {
    open(Array.from({ length: 250 }, (_v, i) => `h${i}`));
    expect(screen.getAllByRole('checkbox')).toHaveLength(200);
    expect(screen.getByTestId('more-values').textContent).toBe('+50 more: type to search');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'h249' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.queryByTestId('more-values')).toBeNull();
  });

  it('says so when the backend cut the list at its limit', () => {
    open(['a', 'b'], 10_000);
    expect(screen.getByTestId('more-values').textContent).toBe('Type to search (the backend sent only its first 10,000)');
  });
});
