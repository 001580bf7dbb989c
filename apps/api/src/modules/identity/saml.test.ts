import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// node-saml's own signer (xml-crypto underneath), as an identity provider signs its answers.
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js';
import {
  SAML_PATHS,
  SamlLoginResponseSchema,
  SamlValidateResponseSchema,
  UserSessionSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer } from './testing.ts';
import { addUser } from './users.ts';

const IDP_ENTITY = 'https://idp.test/metadata';
const IDP_SSO = 'https://idp.test/sso';
const SP_ENTITY = 'https://estante.test/saml';
const ACS = 'http://estante.test/api/saml/retorno';

/** A key pair made for this run only: nothing secret is committed. */
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const iso = (offsetSeconds: number) => new Date(Date.now() + offsetSeconds * 1000).toISOString();

/** The provider's answer to a request, with its assertion signed by `privateKey`; base64 as posted. */
function samlResponse(options: {
  requestId: string;
  nameId: string;
  privateKey: string;
  audience?: string;
  notOnOrAfterSeconds?: number;
}): string {
  const id = () => `_${randomBytes(16).toString('hex')}`;
  const until = iso(options.notOnOrAfterSeconds ?? 300);
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
    ` ID="${id()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${ACS}" InResponseTo="${options.requestId}">` +
    `<saml:Issuer>${IDP_ENTITY}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${IDP_ENTITY}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${options.requestId}" NotOnOrAfter="${until}" Recipient="${ACS}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-60)}" NotOnOrAfter="${until}">` +
    `<saml:AudienceRestriction><saml:Audience>${options.audience ?? SP_ENTITY}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${id()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion></samlp:Response>`;
  const signed = signSamlPost(xml, "/*[local-name(.)='Response']/*[local-name(.)='Assertion']", {
    privateKey: options.privateKey,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  });
  return Buffer.from(signed).toString('base64');
}

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('SAML single sign-on (SPEC §7 /saml/login, /saml/validar)', () => {
  const idp = keyPair();
  const impostor = keyPair();
  let ctx: Ctx;
  let token: string;

  beforeAll(async () => {
    ctx = await buildTestApp({
      saml: {
        entryPoint: IDP_SSO,
        idpCert: idp.publicKey,
        issuer: SP_ENTITY,
        idpIssuer: IDP_ENTITY,
        callbackUrl: ACS,
      },
    });
    token = await publicToken(ctx.app);
    await addUser(ctx.db, {
      login: 'bloqueado',
      name: 'Bloqueado da Silva',
      email: 'bloqueado@demo.estante.example',
      category: '05',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** GET /saml/login as the web calls it; answers the link and the ID of the request it carries. */
  async function startLogin(redirect?: string) {
    const query = redirect ? `?${new URLSearchParams({ redirect })}` : '';
    const response = await ctx.app.inject({ url: `/api${SAML_PATHS.login}${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { link } = SamlLoginResponseSchema.parse(response.json());
    const url = new URL(link);
    const request = inflateRawSync(
      Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString();
    const requestId = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
    const cookie = String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    browserCookie = cookie;
    return { url, request, requestId, cookie };
  }

  /** The cookie the last /saml/login set: the browser that started the sign-on. */
  let browserCookie = '';
  /** POST /saml/validar from the browser holding `cookie` (by default the one that started). */
  const validate = (saml: string, cookie = browserCookie) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${SAML_PATHS.validate}`,
      headers: { ...bearer(token), cookie },
      payload: { saml },
    });

  it('sends an AuthnRequest for this portal to the provider', async () => {
    const { url, request, requestId } = await startLogin();
    expect(`${url.origin}${url.pathname}`).toBe(IDP_SSO);
    expect(requestId).toMatch(/^_[0-9a-f]{40}$/);
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(request).toContain(SP_ENTITY);
  });

  it('signs in with a valid signed answer and goes back to the path given at login', async () => {
    const { requestId } = await startLogin('/acervo/1');
    const response = await validate(
      samlResponse({ requestId, nameId: 'ana@demo.estante.example', privateKey: idp.privateKey }),
    );
    expect(response.statusCode).toBe(200);
    const pair = SamlValidateResponseSchema.parse(response.json());
    expect(pair.redirect).toBe('/acervo/1');
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(pair.access_token) });
    expect(UserSessionSchema.parse(session.json()).user.login).toBe('ana');
  });

  it('hands the posted answer to the /saml-response screen in the fragment', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api${SAML_PATHS.assertionConsumer}`,
      payload: 'SAMLResponse=PHNhbWw%2BPC9zYW1sPg%3D%3D&RelayState=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/saml-response#saml=PHNhbWw%2BPC9zYW1sPg%3D%3D');
  });

  it('refuses an answer signed with another key', async () => {
    const { requestId } = await startLogin();
    const response = await validate(
      samlResponse({ requestId, nameId: 'ana@demo.estante.example', privateKey: impostor.privateKey }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SAML_INVALID', message: 'recoveryRules.samlInvalid' });
  });

  it('refuses an expired assertion', async () => {
    const { requestId } = await startLogin();
    const response = await validate(
      samlResponse({
        requestId,
        nameId: 'ana@demo.estante.example',
        privateKey: idp.privateKey,
        notOnOrAfterSeconds: -120,
      }),
    );
    expect(response.json()).toMatchObject({ code: 'SAML_INVALID' });
  });

  it('refuses an assertion for another service provider (audience)', async () => {
    const { requestId } = await startLogin();
    const response = await validate(
      samlResponse({
        requestId,
        nameId: 'ana@demo.estante.example',
        privateKey: idp.privateKey,
        audience: 'https://another-portal.example/saml',
      }),
    );
    expect(response.json()).toMatchObject({ code: 'SAML_INVALID' });
  });

  it('refuses a replayed answer, and one answering no request of ours', async () => {
    const { requestId } = await startLogin();
    const answer = samlResponse({
      requestId,
      nameId: 'ana@demo.estante.example',
      privateKey: idp.privateKey,
    });
    expect((await validate(answer)).statusCode).toBe(200);
    const replay = await validate(answer);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ code: 'SAML_INVALID' });
    const unsolicited = samlResponse({
      requestId: '_made-up-request',
      nameId: 'ana@demo.estante.example',
      privateKey: idp.privateKey,
    });
    expect((await validate(unsolicited)).json()).toMatchObject({ code: 'SAML_INVALID' });
  });

  it('refuses an answer posted from another browser than the one that started (login CSRF)', async () => {
    const { requestId, cookie } = await startLogin();
    expect(cookie).toMatch(/^estante_saml=/);
    const answer = samlResponse({
      requestId,
      nameId: 'ana@demo.estante.example',
      privateKey: idp.privateKey,
    });
    expect((await validate(answer, '')).json()).toMatchObject({ code: 'SAML_INVALID' });
    expect((await validate(answer, 'estante_saml=someone-else')).json()).toMatchObject({
      code: 'SAML_INVALID',
    });
    expect((await validate(answer, cookie)).statusCode).toBe(200);
  });

  it('refuses a user who is no patron, and a patron whose password is blocked', async () => {
    const stranger = await startLogin();
    expect(
      (
        await validate(
          samlResponse({
            requestId: stranger.requestId,
            nameId: 'someone@elsewhere.example',
            privateKey: idp.privateKey,
          }),
        )
      ).json(),
    ).toMatchObject({ code: 'SAML_USER_NOT_FOUND', message: 'recoveryRules.oidcUserNotFound' });
    const blocked = await startLogin();
    const response = await validate(
      samlResponse({
        requestId: blocked.requestId,
        nameId: 'bloqueado@demo.estante.example',
        privateKey: idp.privateKey,
      }),
    );
    expect(response.statusCode).toBe(430);
  });

  it('answers SAML_UNAVAILABLE when SAML is not configured', async () => {
    const bare = await buildTestApp();
    try {
      const response = await bare.app.inject({
        url: `/api${SAML_PATHS.login}`,
        headers: bearer(await publicToken(bare.app)),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'SAML_UNAVAILABLE',
        message: 'recoveryRules.samlUnavailable',
      });
    } finally {
      await bare.close();
    }
  });
});
