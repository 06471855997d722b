import type { BuildOptions } from "esbuild";

/** The esbuild options of the Node server's bundle (scripts/server-bundle.mjs). */
export declare const SERVER_BUNDLE: BuildOptions & { entryPoints: Record<string, string> };
