import { defineConfig } from "vitest/config";

// Two projects: fast units beside the code, and browser/build tests in tests/
// that share one build and one server (see tests/global-setup.ts).
export default defineConfig({
  test: {
    reporters: ["default", "./tests/closing-line-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "functions/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/global-setup.ts"],
          // One shared server and browser on a 2-core machine: files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A busy CI machine can take over a second to paint; a poll that fails still fails, only later.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
