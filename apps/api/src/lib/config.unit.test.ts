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
});
