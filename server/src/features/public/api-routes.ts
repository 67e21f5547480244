import {
  albumIframeUrl,
  embedCode,
  FeedPageSchema,
  FeedQuerySchema,
  galleryImageUrl,
  wiggleIframeUrl,
} from '@wiggle/common/schemas/gallery';
import { integerText, isIdText } from '@wiggle/common/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { galleryDepsOf } from '../gallery/deps';
import { feedPage, visibleAlbum, visibleWiggle } from '../gallery/public-service';
import { setCacheControl } from './viewer';

const OembedQuerySchema = z.object({
  url: z.string().max(2000),
  format: z.literal('json').default('json'),
  maxwidth: integerText(z.number().int().positive().max(10_000)).optional(),
  maxheight: integerText(z.number().int().positive().max(10_000)).optional(),
});
const OembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});

const PAGE_PATH = /^\/album\/(\d+)(?:\/(\d+))?$/;
const DEFAULT_EMBED_WIDTH = 640;

/** Public JSON: the feed and oEmbed (for public pages only; shared and private content is never described). */
export const publicApiRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = galleryDepsOf(platform);
  const origin = platform.config.PUBLIC_URL;
  const tags = ['public'];

  app.get(
    '/gallery/feed',
    {
      schema: {
        tags,
        security: [],
        summary:
          'The public feed: listed public wiggles with showInFeed, newest first, promoted marked (keyset paged)',
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema },
      },
    },
    async (request, reply) => {
      setCacheControl(reply, true, 60);
      return feedPage(deps, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/oembed',
    {
      schema: {
        tags,
        security: [],
        summary: 'oEmbed (rich, JSON) for a public album or wiggle page URL of this site',
        querystring: OembedQuerySchema,
        response: { 200: OembedSchema },
      },
    },
    async (request, reply) => {
      let url: URL;
      try {
        url = new URL(request.query.url);
      } catch {
        throw new NotFound();
      }
      const match = PAGE_PATH.exec(url.pathname);
      if (url.origin !== new URL(origin).origin || !match) throw new NotFound();
      if (!isIdText(match[1]!) || (match[2] !== undefined && !isIdText(match[2]))) throw new NotFound();
      const width = Math.min(request.query.maxwidth ?? DEFAULT_EMBED_WIDTH, DEFAULT_EMBED_WIDTH);
      setCacheControl(reply, true, 300);
      const base = {
        version: '1.0' as const,
        type: 'rich' as const,
        provider_name: 'Wiggle Studio',
        provider_url: origin,
      };
      if (match[2]) {
        const wiggle = await visibleWiggle(deps, {}, Number(match[2]));
        if (wiggle.album_id !== Number(match[1])) throw new NotFound();
        let height = Math.round((width * wiggle.height) / wiggle.width);
        if (request.query.maxheight && height > request.query.maxheight) height = request.query.maxheight;
        return {
          ...base,
          title: wiggle.name,
          html: embedCode(origin, wiggleIframeUrl(wiggle.id), wiggle.name),
          width,
          height,
          thumbnail_url: origin + galleryImageUrl(wiggle.id, 'left', 't'),
          thumbnail_width: 200,
          thumbnail_height: 140,
        };
      }
      const content = await visibleAlbum(deps, {}, Number(match[1]), 1);
      return {
        ...base,
        title: content.album.name,
        html: embedCode(origin, albumIframeUrl(content.album.id), content.album.name),
        width,
        height: Math.round((width * 3) / 4),
      };
    },
  );
};
