import { z } from 'zod';

/** Captcha calls (decision 0014), relative to the /api prefix. */
export const CAPTCHA_PATHS = {
  /** GET: a new ALTCHA proof-of-work challenge (public token suffices). */
  challenge: '/captcha/desafio',
  /** GET: which captcha the sign-in shows, with the reCAPTCHA site key when it is reCAPTCHA (decision 0017). */
  configuration: '/captcha/configuracao',
} as const;

/** The captchas the sign-in may show: ALTCHA (self-hosted, the default) or reCAPTCHA (the institution's keys). */
export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/**
 * GET /captcha/configuracao answer: reCAPTCHA once the institution has set both of its keys, else
 * ALTCHA. Only the site key (public by design) goes out; the secret key never leaves the server.
 */
export const CaptchaConfigurationSchema = z.object({
  provedor: z.enum(CAPTCHA_PROVIDERS),
  /** The reCAPTCHA site key the browser widget is drawn with; null with ALTCHA. */
  recaptcha_site_key: z.string().nullable(),
});
export type CaptchaConfiguration = z.infer<typeof CaptchaConfigurationSchema>;

/** The signed parameters of an ALTCHA v2 challenge (altcha-lib `ChallengeParameters`). */
export const CaptchaParametersSchema = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number().int().positive(),
  keyLength: z.number().int().positive(),
  keyPrefix: z.string(),
  keySignature: z.string().optional(),
  memoryCost: z.number().int().positive().optional(),
  parallelism: z.number().int().positive().optional(),
  /** Seconds since the epoch after which the challenge is refused. */
  expiresAt: z.number().int().positive().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/** GET /captcha/desafio answer: what the ALTCHA widget solves. */
export const CaptchaChallengeSchema = z.object({
  parameters: CaptchaParametersSchema,
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/**
 * What the ALTCHA widget hands back once solved (the base64 of this JSON is sent as `recaptcha_token`
 * in the password grant and in GET /pessoas/{login}/recuperar-senha; with reCAPTCHA, its own token is).
 */
export const CaptchaPayloadSchema = z.object({
  challenge: CaptchaChallengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;

/** Error codes of captcha refusals (422; the message is a CAPTCHA_RULE_KEYS key). */
export const CAPTCHA_ERROR_CODE = {
  /** 422: the institution asks for the captcha (activity 1120) and none was sent. */
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  /**
   * 422: the captcha is wrong, expired or already used, or reCAPTCHA's siteverify refused it or could
   * not be reached (SPEC §8 "captcha expired or invalid").
   */
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
} as const;

/** Translation keys the server answers as the message of captcha refusals. */
export const CAPTCHA_RULE_KEYS = {
  required: 'identityRules.captchaRequired',
  invalid: 'identityRules.captchaInvalid',
} as const;
