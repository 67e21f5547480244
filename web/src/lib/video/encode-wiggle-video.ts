import { timelineFrameRate, videoBitrate, videoTimeline } from './video-timeline';

/**
 * H.264 in the browser (DESIGN §5 "Video"): WebCodecs' VideoEncoder does the encoding (through mediabunny's canvas
 * source, which feeds it VideoFrames) and mediabunny muxes the MP4. mediabunny is loaded only here, when a member
 * makes a video, so no page carries it.
 */

/** The browser cannot encode H.264 at this size: SPEC §8's message for a browser without video encoding. */
export class VideoEncodingUnsupported extends Error {
  constructor() {
    super('video encoding unsupported');
  }
}

/** WebCodecs exists and says it can encode H.264 at this size and rate (VideoEncoder.isConfigSupported). */
export async function canEncodeH264(width: number, height: number, frameRate: number): Promise<boolean> {
  if (typeof VideoEncoder === 'undefined') return false;
  const { canEncodeVideo } = await import('mediabunny');
  try {
    return await canEncodeVideo('avc', {
      width,
      height,
      frameRate,
      bitrate: videoBitrate(width, height, frameRate),
    });
  } catch {
    return false;
  }
}

export interface EncodeWiggleVideoInput {
  /** The decoded frames, in position order (left … right). */
  frames: readonly CanvasImageSource[];
  /** One swing there and back, as indexes into `frames`. */
  cycle: readonly number[];
  frameMs: number;
  /** Even sides (videoFrameSize). */
  width: number;
  height: number;
  onProgress?: (fraction: number) => void;
}

function drawingCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The wiggle looping for a few seconds as an H.264 MP4 (moov first, so it starts playing before it is all loaded). */
export async function encodeWiggleVideo(input: EncodeWiggleVideoInput): Promise<Blob> {
  const { width, height } = input;
  const samples = videoTimeline(input.cycle, input.frameMs);
  const frameRate = timelineFrameRate(samples);
  if (!(await canEncodeH264(width, height, frameRate))) throw new VideoEncodingUnsupported();
  const { BufferTarget, CanvasSource, Mp4OutputFormat, Output } = await import('mediabunny');

  const canvas = drawingCanvas(width, height);
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('no 2D canvas');
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const source = new CanvasSource(canvas, {
    codec: 'avc',
    bitrate: videoBitrate(width, height, frameRate),
    keyFrameInterval: 1,
  });
  output.addVideoTrack(source, { frameRate });
  await output.start();
  try {
    let shown = -1;
    for (const [index, sample] of samples.entries()) {
      if (sample.frame !== shown) {
        context.drawImage(input.frames[sample.frame]!, 0, 0, width, height);
        shown = sample.frame;
      }
      await source.add(sample.timestamp, sample.duration);
      input.onProgress?.((index + 1) / samples.length);
    }
    source.close();
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  }
  if (!target.buffer) throw new Error('the muxer produced no file');
  return new Blob([target.buffer], { type: 'video/mp4' });
}
