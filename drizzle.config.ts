import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/db/schema.server.ts", "./app/kernel/*/tables.server.ts", "./app/features/*/schema.server.ts"],
  out: "./drizzle",
});
