// The Simplified Chinese tables: zh-CN has exactly the keys of en (functions with the same arity,
// returning Chinese that uses their arguments), and every catalog panel / stat of both engines
// has a Chinese entry — none missing, none stale.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '../catalog';
import type { EngineId } from '../catalog/types';
import { flagText, panelText, statTitle } from './catalog-text';
import { catalogZh } from './catalog-zh';
import { en } from './en';
import { loadLang, messagesFor } from './index';
import { zhCN } from './zh-CN';

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff]/;

// The Chinese text is a pack loaded on demand (packs.ts): these tests read it loaded.
beforeAll(() => loadLang('zh-CN'));
const ENGINES = Object.keys(catalogs) as EngineId[];

type Fn = (...args: unknown[]) => unknown;
interface Leaf {
  path: string;
  en: unknown;
  zh: unknown;
}

/** Every leaf of `a`, paired with the value at the same path in `b`; also paths only in `b`. */
function leaves(a: unknown, b: unknown, path = ''): Leaf[] {
  if (typeof a !== 'object' || a === null) return [{ path, en: a, zh: b }];
  const ao = a as Record<string, unknown>;
  const bo = typeof b === 'object' && b !== null ? (b as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
  return keys.flatMap((k) => {
    const p = path ? `${path}.${k}` : k;
    return k in ao ? leaves(ao[k], bo[k], p) : [{ path: p, en: undefined, zh: bo[k] }];
  });
}

describe('zh-CN interface strings', () => {
  const all = leaves(en, zhCN);

  it('has exactly the keys of en, with the same value kinds', () => {
    const mismatched = all.filter((l) => typeof l.en !== typeof l.zh).map((l) => l.path);
    expect(mismatched).toEqual([]);
  });

  it('translates the plain strings', () => {
    // Names and URLs.
    const verbatim = new Set(['appName', 'promUrlPlaceholder']);
    for (const l of all) {
      if (typeof l.zh !== 'string' || verbatim.has(l.path)) continue;
      expect(l.zh, l.path).toMatch(CJK);
    }
    expect(zhCN.sections).toEqual({ requests: '请求', throughput: '吞吐', latency: '延迟', saturation: '饱和度', cache: '缓存', advanced: '高级' });
  });

  it('has functions of the same arity returning Chinese that uses every argument', () => {
    const fns = all.filter((l) => typeof l.en === 'function');
    expect(fns.length).toBeGreaterThan(0);
    for (const l of fns) {
      const enFn = l.en as Fn;
      const zhFn = l.zh as Fn;
      expect(zhFn.length, l.path).toBe(enFn.length);
      // Distinct values that read sensibly as both counts and labels.
      // Compare notes take (shown, other, x, y): x and y are the same two engines in the sentence's order.
      const args = enFn.length === 4 ? [3, 7, 7, 3] : [3, 7].slice(0, enFn.length);
      const out = zhFn(...args);
      expect(typeof out, l.path).toBe('string');
      expect(out, l.path).toMatch(CJK);
      for (const a of args) expect(out, l.path).toContain(String(a));
    }
  });

  it('uses Chinese punctuation inside Chinese sentences', () => {
    // A comma, colon, semicolon, question or exclamation mark, or an opening parenthesis right
    // after a Chinese character is ASCII where the sentence is Chinese.
    const ascii = /[\u3400-\u4dbf\u4e00-\u9fff] ?[,;:!?(]/;
    for (const l of all) {
      const text = typeof l.zh === 'function' ? String((l.zh as Fn)(...[3, 7].slice(0, (l.zh as Fn).length))) : l.zh;
      if (typeof text === 'string') expect(text, l.path).not.toMatch(ascii);
    }
  });

  it('is the table messagesFor returns once switched (or en until then)', () => {
    expect([zhCN, en]).toContain(messagesFor('zh-CN'));
  });
});

describe.each(ENGINES)('catalog text in Chinese: %s', (engine) => {
  const catalog = catalogs[engine];
  const zh = catalogZh[engine];

  it('has a Chinese title and description for every panel', () => {
    const missing = catalog.panels.filter((p) => !zh.panels[p.id]).map((p) => p.id);
    expect(missing).toEqual([]);
    for (const p of catalog.panels) {
      const t = zh.panels[p.id];
      expect(t?.title, p.id).toMatch(CJK);
      expect(t?.description, p.id).toMatch(CJK);
    }
  });

  it('explains in Chinese exactly the panels that are not available', () => {
    for (const p of catalog.panels) {
      const t = zh.panels[p.id];
      if (p.notAvailable) expect(t?.notAvailable, p.id).toMatch(CJK);
      else expect(t?.notAvailable, `${p.id}: has no English notAvailable`).toBeUndefined();
    }
  });

  it('has a Chinese title for every stat tile, the ones shown as not available too', () => {
    const tiles = [...catalog.stats, ...(catalog.absentStats ?? [])];
    const missing = tiles.filter((s) => !zh.stats[s.id]).map((s) => s.id);
    expect(missing).toEqual([]);
    for (const s of tiles) expect(zh.stats[s.id]?.title, s.id).toMatch(CJK);
  });

  it('uses Chinese punctuation inside Chinese sentences', () => {
    const ascii = /[\u3400-\u4dbf\u4e00-\u9fff] ?[,;:!?(]/;
    for (const [id, t] of Object.entries(zh.panels)) for (const text of [t.title, t.description, t.notAvailable ?? '']) expect(text, id).not.toMatch(ascii);
  });

  it('says in Chinese how to enable what is not exposed (flags and names stay as typed)', () => {
    const texts = [...catalog.panels.map((p) => p.enabledBy), ...Object.values(catalog.metrics).map((m) => m.movesOnlyWith)].filter((x): x is string => !!x);
    const englishSentence = /\b[A-Za-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b/;
    for (const text of new Set(texts)) {
      const zh = flagText(text, 'zh-CN').replace(/--[\w-]+|[A-Z_]+=\S+|[a-z_]+(?:, [a-z_]+)+/g, '');
      expect(zh, text).not.toMatch(englishSentence);
    }
  });

  it('has no stale entries', () => {
    const panelIds = new Set(catalog.panels.map((p) => p.id));
    const statIds = new Set([...catalog.stats, ...(catalog.absentStats ?? [])].map((s) => s.id));
    expect(Object.keys(zh.panels).filter((id) => !panelIds.has(id))).toEqual([]);
    expect(Object.keys(zh.stats).filter((id) => !statIds.has(id))).toEqual([]);
  });

  it('keeps metric names and flags of the English text verbatim', () => {
    // A metric name or flag quoted in the English description must survive translation.
    const token = /(?:vllm|sglang):[a-z_]+|--[a-z][a-z-]+|VLLM_[A-Z_]+/g;
    for (const p of catalog.panels) {
      const t = zh.panels[p.id];
      for (const m of p.description.match(token) ?? []) expect(t?.description, p.id).toContain(m);
      for (const m of p.notAvailable?.match(token) ?? []) expect(t?.notAvailable, p.id).toContain(m);
    }
  });
});

describe('panelText / statTitle', () => {
  const vllmPanels = catalogs.vllm.panels;
  const sglangPanels = catalogs.sglang.panels;

  it('returns the catalog text in English', () => {
    const p = vllmPanels[0];
    expect(p).toBeDefined();
    if (!p) return;
    expect(panelText(p, 'vllm', 'en')).toEqual({ title: p.title, description: p.description });
    const s = catalogs.vllm.stats[0];
    if (s) expect(statTitle(s, 'vllm', 'en')).toBe(s.title);
  });

  it('returns the Chinese entry in zh-CN, notAvailable included', () => {
    const ttft = vllmPanels.find((p) => p.id === 'ttft');
    expect(ttft && panelText(ttft, 'vllm', 'zh-CN').title).toBe('首 token 延迟（TTFT）');
    const na = sglangPanels.find((p) => p.notAvailable);
    expect(na).toBeDefined();
    if (na) expect(panelText(na, 'sglang', 'zh-CN').notAvailable).toMatch(CJK);
    const abort = catalogs.sglang.stats.find((s) => s.id === 'abort-error-rate');
    expect(abort && statTitle(abort, 'sglang', 'zh-CN')).toBe('中止占比');
  });

  it('falls back to English when an entry is missing', () => {
    const base = vllmPanels[0];
    const stat = catalogs.vllm.stats[0];
    expect(base && stat).toBeTruthy();
    if (!base || !stat) return;
    const ghost = { ...base, id: 'no-such-panel', notAvailable: 'Gone.' };
    expect(panelText(ghost, 'vllm', 'zh-CN')).toEqual({ title: ghost.title, description: ghost.description, notAvailable: 'Gone.' });
    expect(statTitle({ ...stat, id: 'no-such-stat' }, 'vllm', 'zh-CN')).toBe(stat.title);
  });
});

describe('the Chinese pack, loaded on demand', () => {
  it('is English until loaded, then Chinese everywhere the language shows', async () => {
    vi.resetModules();
    const packs = await import('./packs');
    const index = await import('./index');
    const text = await import('./catalog-text');
    const errors = await import('./error-text');
    const { PrometheusError } = await import('../prometheus');
    const { vllmCatalog } = await import('../catalog');
    const ttft = vllmCatalog.panels.find((p) => p.id === 'ttft')!;
    const timeout = new PrometheusError({ kind: 'network', message: 'The backend did not answer in time.', timedOut: true });
    expect(packs.langReady('zh-CN')).toBe(false);
    expect(index.messagesFor('zh-CN').connect).toBe(en.connect);
    expect(text.panelText(ttft, 'vllm', 'zh-CN').title).toBe(ttft.title);
    expect(errors.errorText(timeout, 'zh-CN')).toBe(timeout.message);
    await Promise.all([packs.loadLang('zh-CN'), packs.loadLang('zh-CN')]);
    expect(packs.langReady('zh-CN')).toBe(true);
    expect(index.messagesFor('zh-CN').connect).toBe('连接');
    expect(text.panelText(ttft, 'vllm', 'zh-CN').title).toMatch(CJK);
    expect(errors.errorText(timeout, 'zh-CN')).toMatch(CJK);
    expect(errors.errorText(timeout, 'en')).toBe(timeout.message);
  });
});
