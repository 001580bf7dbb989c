// Types of the helpers in lib.mjs that TypeScript code (benchmarks) uses.
export declare const ROOT: string;
export declare function step(text: string): void;
export declare function findPostgresBin(): Promise<string | null>;
export declare function startPostgres(bin: string): Promise<{ url: string; stop(): void } | null>;
