import { isIP } from 'node:net';
import { z } from 'zod';

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** Google's reCAPTCHA verification endpoint (RECAPTCHA_VERIFY_URL's default). */
export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Named ranges the proxy-address matcher knows, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Whether a TRUST_PROXY entry is an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range. */
export function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A list in one variable, its entries separated by commas (spaces around them and empty ones dropped). */
function commaSeparated() {
  return z.string().transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, comma-separated. Unset, no proxy is
 * trusted and the client address is the connection's.
 */
const trustedProxies = commaSeparated().superRefine((entries, context) => {
  const bad = entries.filter((entry) => !isProxyRange(entry));
  if (bad.length > 0 || entries.length === 0)
    context.addIssue({
      code: 'custom',
      message: `must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.5,192.168.1.0/24${
        bad.length > 0 ? ` (not one: ${bad.join(', ')})` : ''
      }`,
    });
});

/** Settings read once at start from the environment (README "Configuration"). */
export const ConfigSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL streaming replicas for searches and public reads (decision 0074), comma-separated;
   * unset, the primary answers everything.
   */
  DATABASE_READ_URL: commaSeparated()
    .refine(
      (urls) => urls.length > 0 && urls.every((url) => /^postgres(ql)?:\/\//.test(url)),
      'must be one or more postgres:// or postgresql:// URLs separated by commas',
    )
    .optional(),
  SMTP_HOST: z
    .string()
    .regex(
      /^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^[0-9a-fA-F:]+$/,
      'must be a host name or IP address, without smtp://',
    )
    .optional(),
  SMTP_PORT: port.default(587),
  SMTP_SECURE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().email('must be an e-mail address').default('biblioteca@localhost'),
  /** OIDC single sign-on (SPEC §7 /oidc/*): the issuer and this portal's client at it. */
  OIDC_ISSUER: z.string().url('must be a URL such as https://login.example.edu/realms/main').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URI: z.string().url('must be a URL ending in /api/oidc/retorno').optional(),
  OIDC_SCOPE: z.string().min(1).default('openid email profile'),
  OIDC_LOGIN_CLAIM: z.string().min(1).default('email'),
  /** SAML single sign-on (SPEC §7 /saml/*): the provider's SSO address and signing certificate, and our entity ID. */
  SAML_ENTRY_POINT: z.string().url('must be the identity provider single sign-on URL').optional(),
  /** PEM text, its base64 body, or the path of a PEM file. */
  SAML_IDP_CERT: z.string().min(1).optional(),
  SAML_ISSUER: z.string().min(1).optional(),
  SAML_IDP_ISSUER: z.string().min(1).optional(),
  SAML_CALLBACK_URL: z.string().url('must be a URL ending in /api/saml/retorno').optional(),
  /** The assertion attribute naming the patron; unset means the NameID. */
  SAML_LOGIN_ATTRIBUTE: z.string().min(1).optional(),
  /**
   * Where reCAPTCHA tokens are verified (decision 0017; only when the institution set its reCAPTCHA
   * keys): Google's siteverify, or a compatible service.
   */
  RECAPTCHA_VERIFY_URL: z
    .string()
    .url('must be a URL such as https://www.google.com/recaptcha/api/siteverify')
    .default(DEFAULT_RECAPTCHA_VERIFY_URL),
  TRUST_PROXY: trustedProxies.optional(),
  TOKEN_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  PUBLIC_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  WEB_DIST: z.string().optional(),
  /** OAI-PMH (decision 0064): the repository id in oai:{id}:{title}, a domain name; unset, the host asked. */
  OAI_REPOSITORY_ID: z
    .string()
    .regex(
      /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/,
      'must be a domain name such as biblioteca.example.edu',
    )
    .optional(),
  /** Records or identifiers per OAI-PMH list page. */
  OAI_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /** How long an OAI-PMH resumption token is accepted. */
  OAI_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(86_400),
  /** The most records one SRU searchRetrieve sends (decision 0066). */
  SRU_MAXIMUM_RECORDS: z.coerce.number().int().min(1).max(1000).default(50),
  /** The server's daily OAI-PMH harvest of the library network's sources (decision 0067). */
  NETWORK_HARVEST: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  /** API processes sharing the port and the database (decision 0073); more than one needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The background jobs (circulation sweep and renewal, dissemination, network harvest): on in one
   * deployment only — turn them off on the other hosts that serve the same database (decision 0073).
   */
  JOBS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.output<typeof ConfigSchema>;

/** Thrown when an environment variable has a bad value; the message names each bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the configuration; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = ConfigSchema.safeParse(cleaned);
  const issues = result.success
    ? crossChecks(result.data)
    : result.error.issues.map((issue) => ({ key: String(issue.path[0]), message: issue.message }));
  if (!result.success || issues.length > 0) {
    const lines = issues.map(({ key, message }) => `  ${key}=${JSON.stringify(env[key] ?? '')}: ${message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Settings that only make sense together. */
function crossChecks(config: Config): { key: string; message: string }[] {
  const issues: { key: string; message: string }[] = [];
  if (config.DATABASE_READ_URL && !config.DATABASE_URL)
    issues.push({ key: 'DATABASE_URL', message: 'is required when DATABASE_READ_URL is set (the primary)' });
  if (config.SMTP_USER && config.SMTP_PASSWORD === undefined)
    issues.push({ key: 'SMTP_PASSWORD', message: 'is required when SMTP_USER is set' });
  if (config.SMTP_PASSWORD !== undefined && !config.SMTP_USER)
    issues.push({ key: 'SMTP_USER', message: 'is required when SMTP_PASSWORD is set' });
  if ((config.SMTP_USER || config.SMTP_PASSWORD) && !config.SMTP_HOST)
    issues.push({ key: 'SMTP_HOST', message: 'is required when SMTP_USER or SMTP_PASSWORD is set' });
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID)
    issues.push({ key: 'OIDC_CLIENT_ID', message: 'is required when OIDC_ISSUER is set' });
  if (!config.OIDC_ISSUER && (config.OIDC_CLIENT_ID || config.OIDC_CLIENT_SECRET || config.OIDC_REDIRECT_URI))
    issues.push({ key: 'OIDC_ISSUER', message: 'is required when the other OIDC_ settings are set' });
  const saml = [config.SAML_ENTRY_POINT, config.SAML_IDP_CERT, config.SAML_ISSUER];
  if (saml.some(Boolean) && !saml.every(Boolean))
    issues.push({
      key: config.SAML_ENTRY_POINT
        ? config.SAML_IDP_CERT
          ? 'SAML_ISSUER'
          : 'SAML_IDP_CERT'
        : 'SAML_ENTRY_POINT',
      message: 'SAML_ENTRY_POINT, SAML_IDP_CERT and SAML_ISSUER go together',
    });
  if (config.WORKERS > 1 && !config.DATABASE_URL)
    issues.push({
      key: 'WORKERS',
      message:
        'more than one process needs DATABASE_URL (PostgreSQL): the embedded database lives in one process',
    });
  if (!config.OIDC_SCOPE.split(/\s+/).includes('openid'))
    issues.push({ key: 'OIDC_SCOPE', message: 'must include openid' });
  return issues;
}
