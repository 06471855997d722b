import type { Config } from "@react-router/dev/config";
import { PUBLIC_PATHS } from "./app/domains/marketing/content/public-pages";

export default {
  ssr: true,
  // The public marketing site is rendered to HTML at build time and served from memory by server/.
  prerender: PUBLIC_PATHS,
} satisfies Config;
