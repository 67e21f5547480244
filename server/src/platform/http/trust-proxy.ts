import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** What Fastify's `trustProxy` receives: nobody, a number of proxy hops, or the proxies' addresses and CIDRs. */
export type TrustedProxies = false | number | string[];

const isCidr = (text: string) => {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false`/`0` (default, no proxy), a hop count (`1`: one reverse proxy in front; `true` means the same),
 * or a comma-separated list of proxy addresses/CIDRs (`10.0.0.1, 172.16.0.0/12`). The client address is then read
 * from X-Forwarded-For from the right, skipping exactly the trusted proxies, so a client that writes its own
 * left-most entry gains nothing. Returns a message instead when the value is none of these.
 */
export function parseTrustProxy(value: string): TrustedProxies | { problem: string } {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isCidr(entry));
  if (wrong.length > 0) {
    return {
      problem: `expected false, a hop count or proxy addresses/CIDRs; not an address: ${wrong.join(', ')}`,
    };
  }
  return entries;
}

/** Fastify's option for it (its types leave out the hop count it accepts, so a count becomes proxy-addr's test). */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}

/**
 * The client address exactly as Fastify's `request.ip` reads it under `fastifyTrustProxy(trusted)`, for a request
 * answered before Fastify sees it (fast-path-server.ts).
 */
export function clientAddressReader(trusted: TrustedProxies): (request: IncomingMessage) => string {
  if (trusted === false) return (request) => request.socket.remoteAddress ?? '';
  const trust =
    typeof trusted === 'number'
      ? (_address: string, hop: number) => hop < trusted
      : proxyAddr.compile(trusted);
  return (request) => proxyAddr(request, trust);
}
