import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the embedded single-machine defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve('./data'),
      PUBLIC_URL: 'http://localhost:8080',
      SESSION_TTL_STRICT_HOURS: 12,
      SESSION_TTL_LONG_DAYS: 30,
      TRUST_PROXY: false,
    });
    for (const unset of ['DATABASE_URL', 'SMTP_URL', 'SUPPORT_EMAIL', 'REDIS_URL'] as const) {
      expect(config[unset]).toBeUndefined();
    }
    expect(config.WEB_DIST.endsWith(path.join('web', 'dist'))).toBe(true);
  });

  it('reads and coerces settings, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://wiggle.example/',
      SESSION_TTL_LONG_DAYS: '7',
      TRUST_PROXY: 'true',
    });
    expect(config.PORT).toBe(9000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('https://wiggle.example');
    expect(config.SESSION_TTL_LONG_DAYS).toBe(7);
    expect(config.TRUST_PROXY).toBe(1);
    expect(loadConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
  });

  it('trusts exactly the configured proxies: none, a hop count or addresses/CIDRs', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).TRUST_PROXY;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 172.16.0.0/12,::1')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example']) {
      expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('stops with every wrong value named', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/,
    );
  });
});
