import Box from '@mui/material/Box';
import { EDITOR_DEFAULTS } from '@wiggle/common/constants';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import type { EditorPreferences } from '../../../lib/stores/settings';
import {
  dragCrop,
  type Handle,
  nudgePivot,
  type Point,
  type Rect,
  type Size,
  toSource,
} from '../logic/stage-geometry';

interface EditorStageProps {
  left: ImageBitmap;
  right: ImageBitmap;
  /** Source px of the canvas; the views may be smaller (working copy), drawn scaled to it. */
  canvas: Size;
  scale: number;
  preferences: EditorPreferences;
  pivot: Point;
  /** Right view's shift cancelling the pivot's disparity, fine offset and rotation, source px / degrees. */
  shiftX: number;
  offsetY: number;
  rotationDeg: number;
  crop: Rect | null;
  ratio: number | null;
  onPivot: (pivot: Point) => void;
  onCrop: (crop: Rect) => void;
}

const HANDLE_PX = 9;

function handleAt(crop: Rect, p: Point, scale: number): Handle | null {
  const near = (a: number, b: number) => Math.abs(a - b) * scale <= HANDLE_PX;
  const corners: Array<[Handle, number, number]> = [
    ['nw', crop.x, crop.y],
    ['ne', crop.x + crop.width, crop.y],
    ['sw', crop.x, crop.y + crop.height],
    ['se', crop.x + crop.width, crop.y + crop.height],
  ];
  for (const [handle, x, y] of corners) if (near(p.x, x) && near(p.y, y)) return handle;
  // The centre handle moves the whole area.
  if (near(p.x, crop.x + crop.width / 2) && near(p.y, crop.y + crop.height / 2)) return 'move';
  return null;
}

/**
 * The stage (SPEC §2 Editor): the left view with the right view as a transparent top layer, red and yellow
 * borders, an optional grid, the pivot and the crop area with its handles. Clicking or dragging sets the pivot,
 * dragging a corner of the crop resizes it and its centre handle moves it; arrow keys nudge the pivot (Shift: 10 px).
 */
export function EditorStage(props: EditorStageProps) {
  const { canvas, scale, preferences: prefs } = props;
  const ref = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ handle: Handle | 'pivot'; start: Point; crop: Rect | null } | null>(null);
  const width = Math.round(canvas.width * scale);
  const height = Math.round(canvas.height * scale);

  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.globalAlpha = 1;
    ctx.drawImage(props.left, 0, 0, width, height);
    // The right layer as the preview moves it: straightened about its centre, shifted by the pivot's disparity.
    ctx.globalAlpha = prefs.transparentTopLayer ? 0.5 : 1;
    ctx.translate((canvas.width / 2 - props.shiftX) * scale, (canvas.height / 2 + props.offsetY) * scale);
    ctx.rotate((props.rotationDeg * Math.PI) / 180);
    ctx.drawImage(props.right, (-canvas.width / 2) * scale, (-canvas.height / 2) * scale, width, height);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    if (prefs.grid) {
      ctx.strokeStyle = prefs.gridColor;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = prefs.gridSize; x < width; x += prefs.gridSize) {
        ctx.moveTo(x + 0.5, 0);
        ctx.lineTo(x + 0.5, height);
      }
      for (let y = prefs.gridSize; y < height; y += prefs.gridSize) {
        ctx.moveTo(0, y + 0.5);
        ctx.lineTo(width, y + 0.5);
      }
      ctx.stroke();
    }
    if (prefs.borders) {
      const w = prefs.borderWeight;
      ctx.lineWidth = w;
      ctx.strokeStyle = prefs.leftBorderColor;
      ctx.strokeRect(w / 2, w / 2, width - w, height - w);
      ctx.strokeStyle = prefs.rightBorderColor;
      ctx.strokeRect(w * 1.5, w * 1.5, width - w * 3, height - w * 3);
    }
    if (props.crop) {
      const c = props.crop;
      const [x, y, cw, ch] = [c.x * scale, c.y * scale, c.width * scale, c.height * scale];
      ctx.fillStyle = 'rgba(0,0,0,0.45)';
      ctx.fillRect(0, 0, width, y);
      ctx.fillRect(0, y + ch, width, height - y - ch);
      ctx.fillRect(0, y, x, ch);
      ctx.fillRect(x + cw, y, width - x - cw, ch);
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, cw, ch);
      ctx.fillStyle = '#fff';
      for (const [hx, hy] of [
        [x, y],
        [x + cw, y],
        [x, y + ch],
        [x + cw, y + ch],
        [x + cw / 2, y + ch / 2],
      ] as const)
        ctx.fillRect(hx - HANDLE_PX / 2, hy - HANDLE_PX / 2, HANDLE_PX, HANDLE_PX);
    }
    const px = props.pivot.x * scale;
    const py = props.pivot.y * scale;
    ctx.strokeStyle = '#00e5ff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(px, py, 10, 0, Math.PI * 2);
    ctx.moveTo(px - 16, py);
    ctx.lineTo(px + 16, py);
    ctx.moveTo(px, py - 16);
    ctx.lineTo(px, py + 16);
    ctx.stroke();
  }, [props, width, height, scale, canvas, prefs]);

  const sourceOf = (event: PointerEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    return toSource({ x: event.clientX - box.left, y: event.clientY - box.top }, scale, canvas);
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    const p = sourceOf(event);
    const handle = props.crop ? handleAt(props.crop, p, scale) : null;
    drag.current = { handle: handle ?? 'pivot', start: p, crop: props.crop };
    if (!handle) props.onPivot(p);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const p = sourceOf(event);
    if (d.handle === 'pivot') props.onPivot(p);
    else if (d.crop)
      props.onCrop(
        dragCrop(d.crop, d.handle, { x: p.x - d.start.x, y: p.y - d.start.y }, canvas, props.ratio),
      );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nudgePivot(props.pivot, event.key, event.shiftKey, canvas);
    if (!next) return;
    event.preventDefault();
    props.onPivot(next);
  };

  return (
    <Box
      sx={{ p: `${EDITOR_DEFAULTS.stagePadding}px`, m: `${EDITOR_DEFAULTS.stageMargin}px`, overflow: 'auto' }}
    >
      <canvas
        ref={ref}
        width={width}
        height={height}
        tabIndex={0}
        data-testid="editor-stage"
        aria-label="Stage: click or drag to set the pivot, arrow keys nudge it"
        style={{ display: 'block', cursor: 'crosshair', touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      />
    </Box>
  );
}
