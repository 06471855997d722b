import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pageChunks } from "./scripts/page-chunks.mjs";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), pageChunks()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
