import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { SLOW_FILES } from "../support/slow-files-first";

it("names only test files that exist (a renamed file would silently lose its early start)", () => {
  expect(SLOW_FILES.filter((file) => !existsSync(`tests/${file}`))).toEqual([]);
  expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
});
