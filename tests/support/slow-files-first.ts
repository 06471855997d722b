import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files that take longest, longest first (wall seconds in a CI run of 2026-11-27: 121, 77, 61,
 * 56, 47, 39, 27, 24, 22, 18, 17, 16). Vitest orders a run by the durations it cached from the last one, and by
 * file size when it has none — on a fresh clone, as in CI — which started the 4 KB sign-in-limits file (47 s) in
 * the last minute. Starting the longest first keeps every worker busy to the end (decision 021). The three
 * endpoint-fuzzing files, which keep a core busy, alternate with files that mostly wait.
 */
export const SLOW_FILES = [
  "integration/platform/fuzz-site-endpoints.test.ts",
  "integration/platform/crash-durability.test.ts",
  "integration/platform/fuzz-workspace-endpoints.test.ts",
  "integration/platform/operations.test.ts",
  "integration/platform/fuzz-store-endpoints.test.ts",
  "integration/accounts/sign-in-limits.test.ts",
  "integration/security/security-center.test.ts",
  "integration/settings/settings.test.ts",
  "integration/accounts/accounts.test.ts",
  "integration/platform/embedded-postgres.test.ts",
  "integration/platform/server-process.test.ts",
  "integration/platform/mail-outbox.test.ts",
  "integration/accounts/hostile-bodies.test.ts",
];

function rank(spec: TestSpecification): number {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/tests/${file}`));
  return index < 0 ? SLOW_FILES.length : index;
}

/** Vitest's own order, with the slow files above moved to the front in their order. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
