import { describe, expect, it } from 'vitest';
import { h264Mp4, withSampleEntry } from '../../test/video-fixtures';
import { inspectMp4, Mp4Problem, requireH264 } from './mp4-check';

const inspect = (bytes: Buffer) =>
  inspectMp4(async (position, length) => bytes.subarray(position, position + length), bytes.length);

describe('the MP4 check reads the boxes, not the name', () => {
  it('finds the H.264 track and its size whether moov comes before or after mdat', async () => {
    for (const faststart of [true, false]) {
      const info = await inspect(await h264Mp4(96, 64, 1, faststart));
      expect(info).toEqual({ videoCodecs: ['avc1'], width: 96, height: 64, hasAvcC: true });
      expect(() => requireH264(info)).not.toThrow();
    }
  });

  it('tells a non-H.264 video from a file that is no MP4 at all', async () => {
    const hevc = await inspect(withSampleEntry(await h264Mp4(), 'hvc1'));
    expect(hevc.videoCodecs).toEqual(['hvc1']);
    expect(() => requireH264(hevc)).toThrow(expect.objectContaining({ reason: 'not_h264' }));
    const mp4 = await h264Mp4(64, 48, 1, false);
    for (const bytes of [
      Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
      mp4.subarray(0, mp4.length - 10),
      Buffer.concat([mp4.subarray(0, 32), Buffer.from([0, 0, 0, 8])]),
    ]) {
      await expect(inspect(bytes)).rejects.toEqual(new Mp4Problem('not_mp4'));
    }
  });
});
