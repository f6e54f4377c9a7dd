import { describe, expect, it } from 'vitest';
import type { QueryAnswer } from '../../prometheus';
import { inventoryQuery, joinQuery, readInventory, readJoin } from './probe';

const vec = (rows: Array<[Record<string, string>, string]>): QueryAnswer => ({
  result: { resultType: 'vector', result: rows.map(([metric, v]) => ({ metric, value: [0, v] })) },
  warnings: [],
});

describe('GPU probes', () => {
  it('reads GPUs by model and the ones no pod holds', () => {
    const inv = readInventory(vec([[{ modelName: 'A100' }, '2'], [{ modelName: 'H100' }, '16'], [{ modelName: 'H100', held: 'false' }, '6'], [{ modelName: 'A100', held: 'false' }, '2']]));
    expect(inv?.total).toBe(18);
    expect(inv?.models.map((m) => m.name)).toEqual(['H100', 'A100']);
    expect(inv?.unattributed.reduce((n, u) => n + u.count, 0)).toBe(8);
  });
  it('no DCGM series: an empty inventory (the section stays away), never a guess', () => {
    expect(readInventory(vec([]))?.total).toBe(0);
    expect(readInventory(undefined)).toBeNull();
  });
  it('reads the join counts and the label form; absent counts are 0', () => {
    expect(readJoin(vec([[{ what: 'instances' }, '4'], [{ what: 'matched' }, '3'], [{ what: 'by_pod' }, '2'], [{ what: 'exported' }, '10']]))).toEqual({
      instances: 4,
      matched: 3,
      byPod: 2,
      byNode: 0,
      form: 'exported',
      openCost: false,
      idleEngineGpus: 0,
      sharedGpus: 0,
      sharedHolders: 0,
    });
    expect(readJoin(vec([[{ what: 'instances' }, '2']]))?.form).toBe('pod');
    expect(readJoin(vec([[{ what: 'exported' }, '1'], [{ what: 'pod_form' }, '1']]))?.form).toBe('mixed');
  });
  it('idle GPUs are those on the exporter target’s own pod (up has it) or on no pod', () => {
    expect(inventoryQuery()).toContain('DCGM_FI_DEV_FB_USED{exported_pod=""} and on (instance, pod) up or DCGM_FI_DEV_FB_USED{pod="", exported_pod=""}');
    expect(joinQuery('running', null)).not.toContain('idle_engine_gpus');
  });
});
