/** The most JavaScript (gzip bytes) a checkout page may ship. */
export declare const CHECKOUT_JS_BUDGET: number;
/** The physical buy page's inline script, the only JavaScript that page ships. */
export declare const SHIPPING_OPTIONS_SCRIPT: string;
/** Gzip bytes at level 9, as the budgets count them. */
export declare function gzipBytes(buffer: Buffer): number;
/** The /assets/*.js a page loads (scripts, module preloads, imports) and the text of its inline scripts. */
export declare function pageScripts(html: string): { assets: string[]; inline: string };
/** The physical buy page's JavaScript in gzip bytes (it hydrates nothing: only its inline script runs). */
export declare function physicalBuyPageJs(): number;
