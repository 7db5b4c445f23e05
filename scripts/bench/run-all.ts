/**
 * `npm run bench [-- name …]`: runs every scripts/bench/*-bench.ts (or those whose name contains one
 * of the given words), one after another, each in a process of its own so that one's memory and
 * timers never colour another's figures. Arguments starting with "--" are passed on to each.
 * Figures are printed; docs/benchmarks.md keeps them with the command that made them.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith("--"));
const flags = args.filter((arg) => arg.startsWith("--"));

const benches = readdirSync(folder)
  .filter((file) => file.endsWith("-bench.ts"))
  .filter((file) => names.length === 0 || names.some((name) => file.includes(name)))
  .sort();

if (benches.length === 0) {
  process.stderr.write(`No benchmark matches ${names.join(", ")}.\n`);
  process.exit(1);
}

let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n## ${file}\n\n`);
  const result = spawnSync(process.execPath, [`${folder}${file}`, ...flags], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    process.stderr.write(`${file} exited with ${result.status ?? result.signal}\n`);
  }
}
process.exit(failed === 0 ? 0 : 1);
