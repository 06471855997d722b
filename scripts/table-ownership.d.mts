/** The types of table-ownership.mjs, for the TypeScript test that imports it. */
export type Feature = { name: string; dir: string };
export type TableLeak = { file: string; table: string; owner: string; via: "sql" | "import" };
export type Ownership = {
  features: Feature[];
  tables: Map<string, { owner: string; module: string }>;
  modules: Map<string, { owner: string | null; bindings: Map<string, string> }>;
};
export declare const FEATURE_ROOTS: string[];
export declare const KERNEL_FOLDERS: string[];
export declare const KERNEL_TABLES: string[];
export declare function isPageQueryFile(file: string): boolean;
export declare function sourceFiles(dir: string): Generator<string>;
export declare function featureFolders(root?: string): Feature[];
export declare function ownerOf(file: string, features: Feature[]): string | null;
export declare function declaredTables(file: string, text: string): { name: string; binding: string | null }[];
export declare function tableOwners(root?: string): Ownership;
export declare function sqlTexts(file: string, text: string): string[];
export declare function tablesNamedIn(sqlText: string, tableNames: Set<string>): Set<string>;
export declare function leaksIn(file: string, text: string, ownership: Ownership): TableLeak[];
export declare function findTableLeaks(root?: string): TableLeak[];
