import type { Rect } from './stage-geometry';

/**
 * Draws one frame of the live preview: the kept area of the left view, or of the right view moved by the
 * disparity at the pivot (so the pivot stays still) and straightened by the fine offset and rotation; in-between
 * positions blend the two. WebGL where the browser has it (one textured quad per view), canvas 2D otherwise.
 */
export interface PreviewFrame {
  /** 0 = left view … 1 = right view. */
  position: number;
  /** Source area shown (px of the views). */
  area: Rect;
  /** Right view's shift that cancels the pivot's disparity, and fine vertical offset (px of the views). */
  shiftX: number;
  offsetY: number;
  rotationDeg: number;
}

export interface PreviewRenderer {
  readonly kind: 'webgl' | '2d';
  draw(frame: PreviewFrame): void;
  dispose(): void;
}

const VERTEX = `
attribute vec2 corner;
uniform vec4 area;      // x, y, width, height of the views' px shown
uniform vec2 size;      // views' size
uniform vec3 move;      // shiftX, offsetY, rotation (radians) of the right view
uniform float right;    // 1 for the right view
varying vec2 uv;
void main() {
  vec2 p = area.xy + corner * area.zw;                 // source px shown at this corner
  if (right > 0.5) {
    vec2 c = size * 0.5;
    vec2 q = p + vec2(move.x, 0.0) - c - vec2(0.0, move.y);
    float s = sin(-move.z), k = cos(-move.z);
    p = vec2(k * q.x - s * q.y, s * q.x + k * q.y) + c;
  }
  uv = p / size;
  gl_Position = vec4(corner.x * 2.0 - 1.0, 1.0 - corner.y * 2.0, 0.0, 1.0);
}`;
const FRAGMENT = `
precision mediump float;
uniform sampler2D view;
uniform float alpha;
varying vec2 uv;
void main() { gl_FragColor = vec4(texture2D(view, clamp(uv, 0.0, 1.0)).rgb, alpha); }`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
  return shader;
}

function webglRenderer(
  canvas: HTMLCanvasElement,
  left: ImageBitmap,
  right: ImageBitmap,
): PreviewRenderer | null {
  const gl = canvas.getContext('webgl', { premultipliedAlpha: false, preserveDrawingBuffer: true });
  if (!gl) return null;
  const program = gl.createProgram()!;
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
  gl.linkProgram(program);
  // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook
  gl.useProgram(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(program, 'corner');
  gl.enableVertexAttribArray(corner);
  gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
  const textures = [left, right].map((image) => {
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
    return texture;
  });
  const at = (name: string) => gl.getUniformLocation(program, name);
  gl.uniform2f(at('size'), left.width, left.height);
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
  return {
    kind: 'webgl',
    draw(frame) {
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.uniform4f(at('area'), frame.area.x, frame.area.y, frame.area.width, frame.area.height);
      gl.uniform3f(at('move'), frame.shiftX, frame.offsetY, (frame.rotationDeg * Math.PI) / 180);
      for (const [index, alpha] of [
        [0, 1],
        [1, frame.position],
      ] as const) {
        if (alpha <= 0) continue;
        gl.bindTexture(gl.TEXTURE_2D, textures[index]!);
        gl.uniform1f(at('right'), index);
        gl.uniform1f(at('alpha'), alpha);
        gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
      }
    },
    dispose() {
      for (const texture of textures) gl.deleteTexture(texture);
      gl.deleteProgram(program);
    },
  };
}

function canvas2dRenderer(canvas: HTMLCanvasElement, left: ImageBitmap, right: ImageBitmap): PreviewRenderer {
  const ctx = canvas.getContext('2d')!;
  return {
    kind: '2d',
    draw(frame) {
      const { area } = frame;
      const sx = canvas.width / area.width;
      const sy = canvas.height / area.height;
      ctx.globalAlpha = 1;
      ctx.setTransform(sx, 0, 0, sy, -area.x * sx, -area.y * sy);
      ctx.drawImage(left, 0, 0);
      if (frame.position > 0) {
        ctx.globalAlpha = frame.position;
        // The inverse of the shader's sampling: the right view straightened about its centre, then shifted back.
        ctx.translate(-frame.shiftX + left.width / 2, frame.offsetY + left.height / 2);
        ctx.rotate((frame.rotationDeg * Math.PI) / 180);
        ctx.drawImage(right, -left.width / 2, -left.height / 2);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
    },
    dispose() {},
  };
}

export function createPreviewRenderer(
  canvas: HTMLCanvasElement,
  left: ImageBitmap,
  right: ImageBitmap,
  preferWebgl = true,
): PreviewRenderer {
  return (preferWebgl && webglRenderer(canvas, left, right)) || canvas2dRenderer(canvas, left, right);
}
