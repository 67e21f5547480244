/**
 * Grows the region of pixel `start` (already labelled `region`): the 4-connected pixels whose value lies within
 * `tolerance` of the start's, not of each neighbour's (a depth edge's in-between disparities, or a soft grey ramp,
 * would chain one surface to the next). Fills `members` (cleared first) and labels them; `stack` is scratch.
 */
export function growRegion(
  values: ArrayLike<number>,
  width: number,
  label: Int32Array,
  stack: number[],
  members: number[],
  start: number,
  tolerance: number,
): void {
  const region = label[start]!;
  const seed = values[start]!;
  members.length = 0;
  stack.push(start);
  while (stack.length > 0) {
    const i = stack.pop()!;
    members.push(i);
    const x = i % width;
    if (x > 0) join(values, label, stack, i - 1, seed, tolerance, region);
    if (x < width - 1) join(values, label, stack, i + 1, seed, tolerance, region);
    if (i >= width) join(values, label, stack, i - width, seed, tolerance, region);
    if (i + width < label.length) join(values, label, stack, i + width, seed, tolerance, region);
  }
}

/** Labels pixel j as `region` and queues it, when it is unlabelled and its value within `tolerance` of `seed`. */
function join(
  values: ArrayLike<number>,
  label: Int32Array,
  stack: number[],
  j: number,
  seed: number,
  tolerance: number,
  region: number,
): void {
  if (label[j] === -1 && Math.abs(values[j]! - seed) <= tolerance) {
    label[j] = region;
    stack.push(j);
  }
}

/**
 * The alias shift (whole levels) of a repeated structure: of the shifts its regions found (`pixels` by shift), the
 * one whose ±1 neighbourhood holds the most pixels, with that count; undefined when none was found.
 */
export function structureVote(
  pixels: ReadonlyMap<number, number>,
): { shift: number; pixels: number } | undefined {
  let best: { shift: number; pixels: number } | undefined;
  for (const shift of pixels.keys()) {
    let sum = 0;
    for (const near of [shift - 1, shift, shift + 1]) sum += pixels.get(near) ?? 0;
    if (sum > (best?.pixels ?? 0)) best = { shift, pixels: sum };
  }
  return best;
}
