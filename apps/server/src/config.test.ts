import { describe, expect, it } from 'vitest';
import { behindProxy, loadConfig } from './config.js';
import { trustedProxies } from './app.js';

const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('is off by default and with 0', () => {
    expect(trust()).toBe(0);
    expect(trust('0')).toBe(0);
    expect(behindProxy({ TRUST_PROXY: 0 })).toBe(false);
    expect(trustedProxies({ TRUST_PROXY: 0 })).toBe(false);
  });

  it('a number is that many proxy hops (1: one proxy)', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(behindProxy({ TRUST_PROXY: 1 })).toBe(true);
    const fn = trustedProxies({ TRUST_PROXY: 2 }) as (a: string, i: number) => boolean;
    expect([0, 1, 2].map((i) => fn('203.0.113.9', i))).toEqual([true, true, false]);
  });

  it('a comma-separated list names the proxies (addresses or CIDR ranges)', () => {
    expect(trust('10.0.0.1,10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(trust(' 10.0.0.0/8 , fd00::1 ')).toEqual(['10.0.0.0/8', 'fd00::1']);
    expect(behindProxy({ TRUST_PROXY: ['10.0.0.1'] })).toBe(true);
    expect(trustedProxies({ TRUST_PROXY: ['10.0.0.1'] })).toEqual(['10.0.0.1']);
  });

  it.each(['true', 'yes', '-1', '10.0.0', 'proxy.local', '10.0.0.0/33', '1.5', ','])('refuses %j with a clear message', (v) => {
    expect(() => trust(v)).toThrow(/TRUST_PROXY must be 0 \(off\), a number of proxy hops/);
  });
});

describe('login throttle settings', () => {
  it('have the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ LOGIN_MAX_FAILURES: 5, LOGIN_MAX_FAILURES_PER_ADDRESS: 20, LOGIN_MAX_FAILURES_PER_ACCOUNT: 100, LOGIN_LOCK_MINUTES: 15 });
  });
  it('refuse 0', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '0' })).toThrow(/LOGIN_MAX_FAILURES must be 1 or more/);
  });
});

describe('transaction roll-up folding', () => {
  it('runs every 5 seconds by default', () => {
    expect(loadConfig({}).ROLLUP_FOLD_SECONDS).toBe(5);
    expect(loadConfig({ ROLLUP_FOLD_SECONDS: '2' }).ROLLUP_FOLD_SECONDS).toBe(2);
  });
  it('refuses 0 (the job would never wait)', () => {
    expect(() => loadConfig({ ROLLUP_FOLD_SECONDS: '0' })).toThrow(/ROLLUP_FOLD_SECONDS must be 1 or more/);
  });
});
