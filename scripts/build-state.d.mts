/** The types of build-state.mjs, for the TypeScript test support that imports it. */
export type BuildStaleness = { reason: "missing" } | { reason: "stale"; changed: string };
export declare const BUILD_OUTPUTS: string[];
export declare const BUILD_SOURCES: string[];
export declare function buildStaleness(root?: string): BuildStaleness | null;
export declare function describeStaleness(staleness: BuildStaleness): string;
export declare function buildIfStale(root?: string): boolean;
export declare const SOURCE_LIST: string;
export declare function sourceFiles(root?: string): string[];
export declare function recordBuildSources(root?: string): void;
