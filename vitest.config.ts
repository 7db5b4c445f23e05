import { defineConfig } from "vitest/config";
// Prints the Node that runs the tests and stops on one older than 22.12 (decision record 013).
import "./scripts/require-node.js";
import { compiledMessages } from "./vite-messages.ts";

export default defineConfig({
  // Web components under test read their catalogs compiled, as the built app does.
  plugins: [compiledMessages()],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    setupFiles: ["./src/server/testing/fail-on-console-error.ts"],
  },
});
