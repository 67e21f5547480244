import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { createPreviewRenderer, type PreviewFrame, type PreviewRenderer } from '../logic/preview-renderer';
import type { Rect } from '../logic/stage-geometry';

interface LivePreviewProps {
  left: ImageBitmap;
  right: ImageBitmap;
  /** View px per source px (the views may be a bounded working copy). */
  viewScale: number;
  area: Rect;
  shiftX: number;
  offsetY: number;
  rotationDeg: number;
  /** Positions of one swing: [0, 1] (Original) or [0, .25, .5, .75, 1] (Enhanced), played back and forth. */
  positions: readonly number[];
  frameMs: number;
  maxWidth?: number;
}

/** The wiggle as it will be rendered, playing while the member tunes (GPU where available). */
export function LivePreview(props: LivePreviewProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<PreviewRenderer | null>(null);
  const [kind, setKind] = useState<'webgl' | '2d' | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const maxWidth = props.maxWidth ?? 360;
  const width = Math.round(Math.min(maxWidth, props.area.width));
  const height = Math.max(1, Math.round((width * props.area.height) / props.area.width));

  useEffect(() => {
    if (!ref.current) return;
    renderer.current = createPreviewRenderer(ref.current, props.left, props.right);
    setKind(renderer.current.kind);
    return () => renderer.current?.dispose();
  }, [props.left, props.right]);

  useEffect(() => {
    let frame = 0;
    let raf = 0;
    let last = 0;
    const tick = (now: number) => {
      const p = latest.current;
      const cycle = [...p.positions, ...p.positions.slice(1, -1).reverse()];
      if (now - last >= p.frameMs) {
        last = now;
        frame = (frame + 1) % cycle.length;
      }
      const s = p.viewScale;
      const drawn: PreviewFrame = {
        position: cycle[frame] ?? 0,
        area: { x: p.area.x * s, y: p.area.y * s, width: p.area.width * s, height: p.area.height * s },
        shiftX: p.shiftX * s,
        offsetY: p.offsetY * s,
        rotationDeg: p.rotationDeg,
      };
      renderer.current?.draw(drawn);
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, []);

  return (
    <Box>
      <canvas
        ref={ref}
        width={width}
        height={height}
        data-testid="live-preview"
        style={{ display: 'block' }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="preview-kind">
        Live preview ({kind === 'webgl' ? 'GPU' : 'canvas'})
      </Typography>
    </Box>
  );
}
