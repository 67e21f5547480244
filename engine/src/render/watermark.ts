import type { RawImage } from '../image';
import sharp from '../sharp';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Rough advance of a bold sans-serif glyph in ems, enough to keep the text inside the frame. */
const GLYPH_EM = 0.62;

/**
 * Where the watermark goes on a frame: the bottom-right corner, its height 4 % of the frame's shorter side
 * (never under 12 px, so it stays legible on small exports), shrunk when the text would not fit the width.
 */
export function watermarkBox(text: string, width: number, height: number) {
  const preferred = Math.max(12, Math.round(Math.min(width, height) * 0.04));
  const margin = Math.round(preferred * 0.6);
  const fitting = Math.floor((width - 2 * margin) / (GLYPH_EM * Math.max(1, [...text].length)));
  const fontSize = Math.max(6, Math.min(preferred, fitting));
  const boxWidth = Math.min(width, Math.ceil(GLYPH_EM * fontSize * [...text].length) + 2 * margin);
  const boxHeight = Math.min(height, Math.round(fontSize * 1.4) + margin);
  return {
    fontSize,
    margin,
    left: width - boxWidth,
    top: height - boxHeight,
    width: boxWidth,
    height: boxHeight,
  };
}

/**
 * The text drawn by the engine (SVG rendered by librsvg through sharp): white with a dark outline, so it reads on
 * light and dark pictures alike. Only the corner box is touched.
 */
export async function drawWatermark(frame: RawImage, text: string): Promise<RawImage> {
  const box = watermarkBox(text, frame.width, frame.height);
  const stroke = Math.max(1, box.fontSize / 12);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}">` +
    `<text x="${box.width - box.margin}" y="${box.height - box.margin}" font-family="sans-serif" ` +
    `font-size="${box.fontSize}" font-weight="bold" text-anchor="end" fill="#ffffff" fill-opacity="0.85" ` +
    `stroke="#000000" stroke-opacity="0.55" stroke-width="${stroke}" paint-order="stroke">` +
    `${escapeXml(text)}</text></svg>`;
  let pipeline = sharp(frame.data, {
    raw: { width: frame.width, height: frame.height, channels: frame.channels },
  }).composite([{ input: Buffer.from(svg), left: box.left, top: box.top }]);
  // Compositing adds an alpha channel; an opaque frame stays opaque (and keeps its channel count).
  if (frame.channels !== 4) pipeline = pipeline.removeAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}
