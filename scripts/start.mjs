// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale } from "./build-state.mjs";

if (!buildIfStale()) process.exit(1);
await import(pathToFileURL(path.resolve("build/runtime/main.js")).href);
