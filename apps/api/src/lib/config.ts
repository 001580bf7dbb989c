import { z } from 'zod';

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** Settings read once at start from the environment (README "Configuration"). */
export const ConfigSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port.default(587),
  SMTP_SECURE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().email('must be an e-mail address').default('biblioteca@localhost'),
  TOKEN_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  PUBLIC_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  WEB_DIST: z.string().optional(),
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
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
