/**
 * Order-check bench on repetitive and thin structures: every kind of repetitive scene, in five spacing/parallax
 * variants and two seeds (1800×1200, a known small misalignment), aligned in the right order and swapped. A
 * genuine pair refused as swapped is the costly error (a swapped wiggle still animates); a swapped pair accepted
 * is the cheaper one. The real pairs' order table is in align.ts. Prints figures; never fails.
 * Usage: tsx bench/engine/order-repetitive.ts [kind ...]
 */
import { alignPair } from '@wiggle/engine/align/align-pair';
import { noOrderEvidence } from '@wiggle/engine/align/swap-check';
import { makeRepetitiveScene, REPETITIVE_KINDS } from '@wiggle/engine/cv/repetitive-scenes';
import { misalignView, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { swappedShare } from './data/order-votes';
import { printTable } from './data/print-table';

const VARIANTS = [
  {},
  { spacing: 1.3, parallax: 1.1 },
  { spacing: 0.8, parallax: 1.2 },
  { spacing: 1.1, parallax: 0.8 },
  { spacing: 0.7, parallax: 0.7 },
];
const SEEDS = [201, 202];
const MISALIGNMENT = { rotationDeg: 0.3, scale: 1.002, dx: 5, dy: 3 };

const asked = process.argv.slice(2);
const kinds = REPETITIVE_KINDS.filter((kind) => asked.length === 0 || asked.includes(kind));

async function judge(a: RawImage, b: RawImage): Promise<{ result: string; votes: string }> {
  let evidence = noOrderEvidence();
  const aligned = await alignPair(a, b, { onOrderEvidence: (e) => (evidence = e) });
  return {
    result: aligned.ok ? 'ok' : aligned.reason.split(':')[0]!,
    votes: `${swappedShare(evidence)}, ${evidence.runs} runs (${evidence.effectiveRuns.toFixed(0)}, ${evidence.effectiveEdges.toFixed(1)} edges)`,
  };
}

const body: string[][] = [];
let genuineRefused = 0;
let swappedRefused = 0;
let pairs = 0;
for (const kind of kinds) {
  for (const [v, variant] of VARIANTS.entries()) {
    for (const seed of SEEDS) {
      const scene = makeRepetitiveScene(kind, 1800, 1200, seed + 10 * v, variant);
      const left = renderView(scene, 0);
      const right = misalignView(renderView(scene, 1), MISALIGNMENT);
      const genuine = await judge(left, right);
      const swapped = await judge(right, left);
      pairs++;
      if (genuine.result !== 'ok') genuineRefused++;
      if (swapped.result === 'swapped') swappedRefused++;
      const label = 'spacing' in variant ? `×${variant.spacing} / ×${variant.parallax}` : 'as tuned';
      body.push([
        kind,
        label,
        String(seed + 10 * v),
        genuine.result,
        genuine.votes,
        swapped.result,
        swapped.votes,
      ]);
    }
  }
}
console.log(
  'Order check on repetitive and thin structures (refused as swapped at share >= 65 %, >= 80 runs, >= 25 effective, >= 2.5 edges):',
);
printTable(
  ['kind', 'spacing / parallax', 'seed', 'right order', 'votes swapped', 'SWAPPED', 'votes swapped'],
  body,
);
console.log(
  `\ngenuine pairs refused: ${genuineRefused} of ${pairs}; swapped pairs refused: ${swappedRefused} of ${pairs}`,
);
