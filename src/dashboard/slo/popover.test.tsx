// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nContext, loadLang, messagesFor, type Lang } from '../../i18n';
import { SloPopover } from './popover';
import type { EffectiveSlo } from './queries';

afterEach(cleanup);

const none: EffectiveSlo = { thresholds: { ttft: null, itl: null, e2e: null }, objective: 0.99 } as EffectiveSlo;

function open(lang: Lang) {
  const setState = vi.fn();
  render(
    <I18nContext.Provider value={{ lang, t: messagesFor(lang) }}>
      <SloPopover current={none} defaults={none} setState={setState} />
    </I18nContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: messagesFor(lang).slo.button }));
  return setState;
}

describe('SloPopover', () => {
  beforeAll(() => loadLang('zh-CN'));

  it('refuses a wrong threshold with the reason in the page language and keeps the URL as it was', () => {
    const setState = open('zh-CN');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'abc' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(screen.getByRole('status').textContent).toContain('不是时长');
    expect(setState).not.toHaveBeenCalled();
  });

  it('writes a valid threshold in seconds', () => {
    const setState = open('en');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: '500ms' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(setState).toHaveBeenCalledWith(expect.objectContaining({ slo: expect.objectContaining({ ttft: 0.5 }) }));
  });

  it('offers an example of each SLO’s own scale, not 0.5 s for all three', () => {
    open('en');
    const inputs = [...screen.getByRole('dialog').querySelectorAll('input')].slice(0, 3);
    expect(inputs.map((i) => i.getAttribute('placeholder'))).toEqual(['1', '0.1', '10']);
  });
});
