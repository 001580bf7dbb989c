import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('defaults to port 8080 and the ./data embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('names every bad variable with its value and what is wrong', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_FROM: 'not-an-address' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toContain('PORT="eighty": must be a number');
      expect(text).toContain('DATABASE_URL="mysql://x": must start with postgres://');
      expect(text).toContain('SMTP_FROM="not-an-address"');
    }
  });

  it('reads DATABASE_READ_URL as a list of replicas, beside a primary', () => {
    const primary = 'postgres://db-primary/estante';
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_READ_URL: 'postgres://db-r1/estante, postgresql://db-r2/estante',
      }).DATABASE_READ_URL,
    ).toEqual(['postgres://db-r1/estante', 'postgresql://db-r2/estante']);
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://r1,mysql://r2' }),
    ).toThrow(/DATABASE_READ_URL="postgres:\/\/r1,mysql:\/\/r2": must be one or more postgres:\/\//);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://db-r1/estante' })).toThrow(
      /DATABASE_URL="": is required when DATABASE_READ_URL is set/,
    );
  });

  it("verifies reCAPTCHA at Google's siteverify unless RECAPTCHA_VERIFY_URL names another service", () => {
    expect(loadConfig({}).RECAPTCHA_VERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(
      loadConfig({ RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9000/siteverify' }).RECAPTCHA_VERIFY_URL,
    ).toBe('http://127.0.0.1:9000/siteverify');
    expect(() => loadConfig({ RECAPTCHA_VERIFY_URL: 'siteverify' })).toThrow(
      /RECAPTCHA_VERIFY_URL="siteverify"/,
    );
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 1 and 65535/);
  });

  it('trusts no proxy unless TRUST_PROXY names addresses or CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.1.0/24,fd00::/8 ,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.example.org' })).toThrow(
      /TRUST_PROXY="10.0.0.0\/33,proxy.example.org": must be IP addresses or CIDR ranges .*\(not one: 10.0.0.0\/33, proxy.example.org\)/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true"/);
    expect(() => loadConfig({ TRUST_PROXY: ' , ' })).toThrow(/TRUST_PROXY=" , "/);
  });

  it('runs one process unless WORKERS asks for more, and more only on PostgreSQL', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://localhost/estante' }).WORKERS).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS.*needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://localhost/estante' })).toThrow(
      /WORKERS="0"/,
    );
  });
});
