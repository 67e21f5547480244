import { describe, expect, it } from 'vitest';
import {
  CreateShareLinkBodySchema,
  embedCode,
  galleryFrameUrl,
  galleryImageUrl,
  UpdateAlbumBodySchema,
} from './gallery';

describe('gallery schemas and URLs', () => {
  it('builds SPEC §7 media URLs, carrying a share token and the embed watermark as query parameters', () => {
    expect(galleryImageUrl(7, 'left', 'f')).toBe('/api/gallery/wiggle/image/7-left-f.webp');
    expect(galleryFrameUrl(7, 50, { share: 'a b', watermark: 'iframe' })).toBe(
      '/api/gallery/wiggle/frame/7-50.webp?share=a%20b&wm=iframe',
    );
  });

  it('escapes the title inside the embed code', () => {
    expect(embedCode('https://w.example', '/iframe/w-1.html', 'A "quoted" <b>')).toContain(
      'title="A &#34;quoted&#34; &#60;b&#62;"',
    );
  });

  it('wants exactly one target for a share link and a real date', () => {
    const validUntil = '2030-01-01T10:00:00+02:00';
    // Ids in bodies are JSON numbers (the one id schema): the string '3' is refused.
    expect(CreateShareLinkBodySchema.safeParse({ wiggleId: '3', name: 'x', validUntil }).success).toBe(false);
    expect(CreateShareLinkBodySchema.parse({ wiggleId: 3, name: ' Link ', validUntil })).toEqual({
      wiggleId: 3,
      name: 'Link',
      validUntil: '2030-01-01T08:00:00.000Z',
    });
    expect(CreateShareLinkBodySchema.safeParse({ name: 'x', validUntil }).success).toBe(false);
    expect(
      CreateShareLinkBodySchema.safeParse({ wiggleId: 1, albumId: 2, name: 'x', validUntil }).success,
    ).toBe(false);
    expect(CreateShareLinkBodySchema.safeParse({ wiggleId: 1, name: 'x', validUntil: 'soon' }).success).toBe(
      false,
    );
    expect(UpdateAlbumBodySchema.safeParse({}).success).toBe(false);
  });
});
