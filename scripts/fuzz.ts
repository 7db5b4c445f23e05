/**
 * `npm run fuzz -- --runs=10000 [--seed=N]`: the long property-based run of the whole API on a
 * fresh in-memory database (or DATABASE_URL's PostgreSQL). Prints what it covered and every problem;
 * exits 1 when there is one. The short, fixed-seed run is src/server/http/fuzz.test.ts.
 */
import { createFuzzWorld, fuzzRun } from "#testing/fuzz.ts";

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const runs = arg("runs", 1_000);
const seed = arg("seed", Date.now() % 2 ** 31);

const world = await createFuzzWorld();
try {
  console.log(`fuzzing ${world.operations.length} operations with ${runs} requests, seed ${seed}`);
  const report = await fuzzRun(world, runs, seed);
  console.log(
    JSON.stringify(
      {
        seed,
        operationsDocumented: world.operations.length,
        operationsCovered: report.operations,
        requests: report.requests,
        byStatus: report.byStatus,
        serverErrors: report.serverErrors,
        problems: report.problems.length,
        seconds: report.ms / 1000,
      },
      null,
      2,
    ),
  );
  for (const { request, problems } of report.problems.slice(0, 20)) {
    console.log(
      `\n${request.operation} as ${request.actor}: ${request.method} ${request.url.slice(0, 200)}\n  headers ${JSON.stringify(request.headers).slice(0, 300)}\n  body ${JSON.stringify(request.body)?.slice(0, 300)}\n  ${problems.join("\n  ")}`,
    );
  }
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await world.close();
}
