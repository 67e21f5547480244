import type { Similarity } from './similarity';
import type { InverseAffine } from './warp';

/**
 * The warp map of a fitted model: left-frame pixel → right-view pixel. Forward (right centred → left centred) the
 * model is F = shift(tx, 0) · H with H = [[a, −b, 0], [b, a, ty], [g, h, 1]]; the map is
 * centre(cr) · F⁻¹ · centre(−cl), affine when g = h = 0.
 */
export function inverseMapOf(
  model: Similarity,
  cl: { x: number; y: number },
  cr: { x: number; y: number },
): InverseAffine {
  const g = model.g ?? 0;
  const h = model.h ?? 0;
  // F with the shift folded in: row 0 gains tx × row 2.
  const f = [model.a + model.tx * g, -model.b + model.tx * h, model.tx, model.b, model.a, model.ty, g, h, 1];
  const inv = invert3(f);
  // Compose: q → (q − cl) → inv → + cr·(third row).
  const m = (r: number, c: number) => inv[r * 3 + c]!;
  const row = (r: number) => [m(r, 0), m(r, 1), m(r, 2) - m(r, 0) * cl.x - m(r, 1) * cl.y];
  const [r0, r1, r2] = [row(0), row(1), row(2)] as [number[], number[], number[]];
  const out = {
    m00: r0[0]! + cr.x * r2[0]!,
    m01: r0[1]! + cr.x * r2[1]!,
    m02: r0[2]! + cr.x * r2[2]!,
    m10: r1[0]! + cr.y * r2[0]!,
    m11: r1[1]! + cr.y * r2[1]!,
    m12: r1[2]! + cr.y * r2[2]!,
  };
  if (g === 0 && h === 0) {
    const k = r2[2]!;
    return {
      m00: out.m00 / k,
      m01: out.m01 / k,
      m02: out.m02 / k,
      m10: out.m10 / k,
      m11: out.m11 / k,
      m12: out.m12 / k,
    };
  }
  return { ...out, m20: r2[0]!, m21: r2[1]!, m22: r2[2]! };
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}
