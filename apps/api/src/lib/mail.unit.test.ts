import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createSmtpMailer, mailerFromConfig, maskEmail, splitEmails } from './mail.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';

describe('mailer over SMTP', () => {
  let server: TestSmtpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('delivers a message with an accented subject and both text and HTML to a real SMTP server', async () => {
    server = await startTestSmtpServer();
    const mailer = createSmtpMailer({
      host: server.host,
      port: server.port,
      secure: false,
      ignoreTls: true,
      from: 'biblioteca@estante.example',
    });
    await mailer.send({
      to: 'ana@demo.estante.example',
      subject: 'Código de recuperação — Estante',
      text: 'Seu código é 123456.\nVálido por 15 minutos.',
      html: '<p>Seu código é <strong>123456</strong>.</p>',
    });
    await mailer.close();
    const mail = await server.nextMessage();
    expect(mail.envelope).toEqual({ from: 'biblioteca@estante.example', to: ['ana@demo.estante.example'] });
    expect(mail.subject).toBe('Código de recuperação — Estante');
    expect(mail.headers['from']).toContain('biblioteca@estante.example');
    expect(mail.text).toBe('Seu código é 123456.\nVálido por 15 minutos.');
    expect(mail.html).toContain('<strong>123456</strong>');
  });

  it('logs in to a server that asks for a user and password, as configured from the environment', async () => {
    server = await startTestSmtpServer({ user: 'portal', password: 's3cret' });
    const config = loadConfig({
      SMTP_HOST: server.host,
      SMTP_PORT: String(server.port),
      SMTP_USER: 'portal',
      SMTP_PASSWORD: 's3cret',
      SMTP_FROM: 'noreply@estante.example',
    });
    const mailer = mailerFromConfig(config);
    expect(mailer).toBeDefined();
    await mailer!.send({ to: ['a@x.example', 'b@x.example'], subject: 'Teste', text: 'ok' });
    await mailer!.close();
    const mail = await server.nextMessage();
    expect(mail.envelope.to).toEqual(['a@x.example', 'b@x.example']);
    expect(mail.envelope.from).toBe('noreply@estante.example');
  });

  it('rejects when the server refuses the login, so the caller can report it', async () => {
    server = await startTestSmtpServer({ user: 'portal', password: 's3cret' });
    const mailer = createSmtpMailer({
      host: server.host,
      port: server.port,
      secure: false,
      user: 'portal',
      password: 'wrong',
      from: 'noreply@estante.example',
    });
    await expect(mailer.send({ to: 'a@x.example', subject: 'x', text: 'x' })).rejects.toThrow();
    await mailer.close();
    expect(server.messages).toHaveLength(0);
  });

  it('rejects when nothing listens on the port', async () => {
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port,
      secure: false,
      from: 'a@x.example',
      timeoutMs: 2000,
    });
    await expect(mailer.send({ to: 'a@x.example', subject: 'x', text: 'x' })).rejects.toThrow();
    await mailer.close();
  });
});

describe('SMTP and OIDC configuration', () => {
  it('leaves e-mail off when no SMTP_HOST is set', () => {
    expect(mailerFromConfig(loadConfig({}))).toBeUndefined();
  });

  it('names a bad SMTP value with what is wrong', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(bad({ SMTP_HOST: 'smtp://mail.example' })).toContain(
      'SMTP_HOST="smtp://mail.example": must be a host name or IP address, without smtp://',
    );
    expect(bad({ SMTP_HOST: 'mail.example', SMTP_PORT: 'smtp' })).toContain(
      'SMTP_PORT="smtp": must be a number',
    );
    expect(bad({ SMTP_HOST: 'mail.example', SMTP_SECURE: 'yes' })).toContain(
      'SMTP_SECURE="yes": must be true or false',
    );
    expect(bad({ SMTP_HOST: 'mail.example', SMTP_USER: 'portal' })).toContain(
      'SMTP_PASSWORD="": is required when SMTP_USER is set',
    );
    expect(bad({ SMTP_USER: 'portal', SMTP_PASSWORD: 'x' })).toContain(
      'SMTP_HOST="": is required when SMTP_USER or SMTP_PASSWORD is set',
    );
  });

  it('checks the OIDC settings together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER="not a url": must be a URL/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.example' })).toThrow(
      /OIDC_CLIENT_ID="": is required when OIDC_ISSUER is set/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'estante' })).toThrow(/OIDC_ISSUER="": is required/);
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://sso.example', OIDC_CLIENT_ID: 'estante', OIDC_SCOPE: 'email' }),
    ).toThrow(/OIDC_SCOPE="email": must include openid/);
    const config = loadConfig({ OIDC_ISSUER: 'https://sso.example', OIDC_CLIENT_ID: 'estante' });
    expect(config.OIDC_SCOPE).toBe('openid email profile');
    expect(config.OIDC_LOGIN_CLAIM).toBe('email');
  });
});

describe('e-mail addresses shown masked', () => {
  it('keeps the first letters of the mailbox and domain and the top-level domain', () => {
    expect(maskEmail('ana.souza@demo.example')).toBe('an***@d***.example');
    expect(maskEmail('bo@uni.edu.br')).toBe('b***@u***.br');
    expect(maskEmail('broken')).toBe('***');
  });

  it('splits a field holding several addresses separated by semicolons', () => {
    expect(splitEmails(' a@x.example ; b@y.example;;nonsense ')).toEqual(['a@x.example', 'b@y.example']);
    expect(splitEmails(null)).toEqual([]);
  });
});
