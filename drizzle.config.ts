import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./app/db/tables.server.ts",
    "./app/kernel/*/tables.server.ts",
    "./app/domains/*/tables.server.ts",
    "./app/flows/*/tables.server.ts",
  ],
  out: "./drizzle",
});
