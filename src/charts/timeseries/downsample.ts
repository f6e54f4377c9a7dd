// Fewer points for a narrow drawing: the stat tiles' sparklines get the panels' series (one point
// per 2.5 px of a ~650 px panel, see computeStep) but are ~120 px wide. Per bucket of the x range
// the lowest and the highest point are kept, in time order, so every peak and dip still shows;
// gaps (null) are kept where they are, so a gap stays a gap (a run of nulls becomes one null: one
// is enough to break the line). The panels' line charts use it too, capped to their plot's pixels
// (pixel-cap.ts).

type Point = readonly [number, number | null];

/**
 * At most about `2 × buckets` points (plus the gaps) with the same envelope as `points`; the input
 * itself when it is already that short.
 *
 * @example
 * minMaxPerBucket([[0, 1], [1, 5], [2, 2], [3, 0]], 1) // [[1, 5], [3, 0]]
 */
export function minMaxPerBucket<P extends Point>(points: readonly P[], buckets: number): readonly P[] {
  if (buckets < 1 || points.length <= 2 * buckets) return points;
  const t0 = (points[0] as P)[0];
  const span = (points[points.length - 1] as P)[0] - t0 || 1;
  const out: P[] = [];
  let bucket = -1;
  let lo: P | null = null;
  let hi: P | null = null;
  let loAt = 0;
  let hiAt = 0;
  const flush = (): void => {
    if (lo === null || hi === null) return;
    if (lo === hi) out.push(lo);
    else if (loAt < hiAt) out.push(lo, hi);
    else out.push(hi, lo);
    lo = hi = null;
  };
  points.forEach((p, i) => {
    const v = p[1];
    if (v === null) {
      flush();
      if (out.length === 0 || (out[out.length - 1] as P)[1] !== null) out.push(p);
      bucket = -1;
      return;
    }
    const b = Math.min(buckets - 1, Math.floor(((p[0] - t0) / span) * buckets));
    if (b !== bucket) {
      flush();
      bucket = b;
    }
    if (lo === null || v < (lo[1] as number)) {
      lo = p;
      loAt = i;
    }
    if (hi === null || v > (hi[1] as number)) {
      hi = p;
      hiAt = i;
    }
  });
  flush();
  return out;
}
