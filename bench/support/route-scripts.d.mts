/** The most JavaScript (gzip bytes) the point of sale's routes may load before the page is interactive. */
export declare const POS_JS_BUDGET: number;
/** The point of sale's two route ids (one module registered twice) and their URLs. */
export declare const POS_ROUTES: { id: string; url: string }[];
/** The client manifest React Router writes into the build. */
export declare function clientManifest(client?: string): {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};
/** A route's JavaScript: the client entry's modules, then the route's and its parents' modules with their imports. */
export declare function routeScripts(routeId: string, client?: string): { modules: string[]; js: number };
