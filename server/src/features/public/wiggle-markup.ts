import { galleryFrameUrl, galleryImageUrl, type MediaAccess } from '@wiggle/common/schemas/gallery';

/** HTML text and attribute escaping for the server-rendered public pages. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the markup needs of a wiggle. */
export interface WiggleView {
  id: number;
  name: string;
  width: number;
  height: number;
  hasInBetweens: boolean;
}

/** Original playback L,R; Enhanced L,25,50,75,R and back (ping-pong without repeating the ends). */
const ORIGINAL_ORDER = [0, 1];
const ENHANCED_ORDER = [0, 1, 2, 3, 4, 3, 2, 1];
const STEP_MS = 130;

/**
 * The animation without JavaScript: the frames are stacked and each one's opacity steps on and off with a CSS
 * keyframe animation, so the pages stay tiny and need no script; under prefers-reduced-motion only the left view
 * shows, still.
 */
function buildWiggleStyles(): string {
  const rules: string[] = [
    '.w{position:relative;display:block;width:100%;overflow:hidden;background:#111}',
    '.w img{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;opacity:0}',
    '.w img:first-child{opacity:1}',
  ];
  for (const [name, order] of [
    ['o', ORIGINAL_ORDER],
    ['e', ENHANCED_ORDER],
  ] as const) {
    const frames = Math.max(...order) + 1;
    const duration = order.length * STEP_MS;
    for (let frame = 0; frame < frames; frame++) {
      const stops = order.map(
        (shown, step) => `${((step * 100) / order.length).toFixed(2)}%{opacity:${shown === frame ? 1 : 0}}`,
      );
      rules.push(`@keyframes ${name}${frame}{${stops.join('')}100%{opacity:${order[0] === frame ? 1 : 0}}}`);
      rules.push(
        `.w-${name} img:nth-child(${frame + 1}){animation:${name}${frame} ${duration}ms step-end infinite}`,
      );
    }
  }
  rules.push(
    '@media (prefers-reduced-motion:reduce){.w img{animation:none!important;opacity:0}.w img:first-child{opacity:1}}',
  );
  return rules.join('\n');
}

/** Built once: the same for every page. */
export const WIGGLE_STYLES = buildWiggleStyles();

/**
 * The stacked frames of one wiggle; `single` plays all five frames when the wiggle has them, a grid cell only the
 * two views (fewer requests); `access` carries a share token and the embed's watermark on.
 */
export function wiggleFrames(
  wiggle: WiggleView,
  layout: 'single' | 'grid',
  access: MediaAccess = {},
): string {
  const size = 'f';
  const enhanced = wiggle.hasInBetweens && layout === 'single';
  const urls = enhanced
    ? [
        galleryImageUrl(wiggle.id, 'left', 'f', access),
        galleryFrameUrl(wiggle.id, 25, access),
        galleryFrameUrl(wiggle.id, 50, access),
        galleryFrameUrl(wiggle.id, 75, access),
        galleryImageUrl(wiggle.id, 'right', 'f', access),
      ]
    : [galleryImageUrl(wiggle.id, 'left', size, access), galleryImageUrl(wiggle.id, 'right', size, access)];
  const ratio = `${wiggle.width}/${wiggle.height}`;
  const images = urls
    .map(
      (url, i) =>
        `<img src="${escapeHtml(url)}" alt="${i === 0 ? escapeHtml(wiggle.name) : ''}" loading="lazy" decoding="async">`,
    )
    .join('');
  return `<span class="w w-${enhanced ? 'e' : 'o'}" style="aspect-ratio:${ratio}">${images}</span>`;
}
