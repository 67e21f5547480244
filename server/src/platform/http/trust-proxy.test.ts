import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressReader, fastifyTrustProxy, parseTrustProxy, type TrustedProxies } from './trust-proxy';

/** The fast path reads the client address itself: it must be the address Fastify's `request.ip` gives. */
describe('clientAddressReader', () => {
  const requests: { remoteAddress: string; forwarded?: string }[] = [
    { remoteAddress: '203.0.113.9' },
    { remoteAddress: '10.0.0.5', forwarded: '198.51.100.1, 203.0.113.7, 192.0.2.1' },
    { remoteAddress: '203.0.113.99', forwarded: '198.51.100.2' },
    { remoteAddress: '10.0.0.5', forwarded: '198.51.100.3' },
    { remoteAddress: '127.0.0.1', forwarded: '198.51.100.4, 203.0.113.8' },
  ];

  for (const setting of ['false', 'true', '2', '10.0.0.0/8, 192.0.2.1']) {
    it(`gives Fastify's request.ip under TRUST_PROXY=${setting}`, async () => {
      const trusted = parseTrustProxy(setting) as TrustedProxies;
      const app = Fastify({ trustProxy: fastifyTrustProxy(trusted) });
      const seen: { fastify: string; ours: string }[] = [];
      const read = clientAddressReader(trusted);
      app.get('/', async (request) => {
        seen.push({ fastify: request.ip, ours: read(request.raw as IncomingMessage) });
        return 'ok';
      });
      for (const { remoteAddress, forwarded } of requests) {
        await app.inject({
          method: 'GET',
          url: '/',
          remoteAddress,
          headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
        });
      }
      await app.close();
      expect(seen).toHaveLength(requests.length);
      for (const { fastify, ours } of seen) expect(ours).toBe(fastify);
      if (setting !== 'false') expect(new Set(seen.map((s) => s.ours)).size).toBeGreaterThan(2);
    });
  }
});
