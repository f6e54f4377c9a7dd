// The Chinese half of instance-split.ts (the instance split): the same keys as its `en` (the type says so).
import type { en } from '../instance-split';

export const zh: typeof en = {
  instanceSplit: {
    show: '按实例',
    showLabel: (model: string) => `按实例：${model} 的耗时构成`,
    caption: (model: string, top: number) => `${model}：所选范围内每个实例的平均 TTFT 与 E2E 按阶段拆分（括号内为占该实例平均值的比例）；按平均 TTFT 最慢的 ${top} 个。`,
    instance: '实例',
    ttft: 'TTFT 均值',
    e2e: 'E2E 均值',
    terms: { queue: '排队', prefill: '预填充', decode: '解码', rest: '其余' },
    dominant: '主导项',
    inferred: '推算：两个实测均值之差',
    inferredNote: '≈ 为推算值（两个实测均值之差：该引擎没有这一阶段的直方图）。',
    more: (n: number) => `另有 ${n} 个实例平均 TTFT 更快，未显示。`,
    none: '该模型在此范围内没有实例产出首个 token。',
    loading: '正在按实例查询…',
    failed: (why: string) => `按实例拆分不可用：${why}`,
  },
};
