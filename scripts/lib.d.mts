// Types of the helpers in lib.mjs that TypeScript code (benchmarks, browser journeys) uses.
export declare const ROOT: string;
export declare function step(text: string): void;
export declare function findPostgresBin(): Promise<string | null>;
export declare function startPostgres(bin: string): Promise<{ url: string; stop(): void } | null>;
export declare function run(
  command: string,
  args: string[],
  options?: { env?: Record<string, string>; stdio?: unknown },
): Promise<number>;
export declare function freePort(): Promise<number>;
export declare function waitForUrl(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<boolean>;
export declare function startE2eServer(options?: { port?: number; databaseUrl?: string }): Promise<{
  url: string;
  testEnv: Record<string, string>;
  stop(): Promise<void>;
} | null>;
