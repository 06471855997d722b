/** The types of page-chunks.mjs, for the Vite config that imports it. */
import type { Plugin } from "vite";
export declare function pageChunks(): Plugin;
