import { defineConfig } from "vitest/config";
// Prints the Node that runs the tests and stops on one older than 22.12 (decision record 013).
import "./scripts/require-node.js";

/**
 * The cluster suite (record 079): real instances behind a real nginx on PostgreSQL and Redis. Kept
 * out of `npm run test:unit` (whose files are under src/ and scripts/) and run by `npm run
 * test:cluster` in the PostgreSQL + Redis stage of `.ci/run`.
 */
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: each starts several servers, and the machine has two cores.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
