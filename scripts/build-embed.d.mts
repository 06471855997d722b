import type { BuildOptions } from "esbuild";

/** The gzipped size budget of each embed script, in bytes. */
export declare const EMBED_BUDGET_BYTES: number;
/** The embed scripts' esbuild options. */
export declare const EMBED_BUNDLE: BuildOptions & { write: false };
