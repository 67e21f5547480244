import type { SimilarityTransform } from '@wiggle/engine/image';

/**
 * Ground-truth vertical residual: the aligned right view shows right_true(T(T̂⁻¹(p))) at p, and the synthetic
 * parallax is purely horizontal, so |(T ∘ T̂⁻¹)(p).y − p.y| over a grid of the central 90 % is the vertical
 * disparity left by alignment (px of the full image).
 */
export function groundTruthResidual(
  truth: SimilarityTransform,
  found: SimilarityTransform,
  width: number,
  height: number,
) {
  const rot = (t: SimilarityTransform) => {
    const th = (t.rotationDeg * Math.PI) / 180;
    return { a: t.scale * Math.cos(th), b: t.scale * Math.sin(th) };
  };
  const f = rot(found);
  const t = rot(truth);
  const k = 1 / (f.a * f.a + f.b * f.b);
  const values: number[] = [];
  for (let j = 0; j <= 40; j++) {
    for (let i = 0; i <= 40; i++) {
      const px = (i / 40 - 0.5) * 0.9 * width;
      const py = (j / 40 - 0.5) * 0.9 * height;
      // T̂⁻¹ in centred coordinates, then T.
      const ux = px - found.dx;
      const uy = py - found.dy;
      const qx = k * (f.a * ux + f.b * uy);
      const qy = k * (-f.b * ux + f.a * uy);
      const ry = t.b * qx + t.a * qy + truth.dy;
      values.push(Math.abs(ry - py));
    }
  }
  values.sort((a, b) => a - b);
  return { median: values[Math.floor(values.length / 2)]!, p95: values[Math.floor(values.length * 0.95)]! };
}
