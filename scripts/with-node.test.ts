import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const wrapper = fileURLToPath(new URL("./with-node.js", import.meta.url));

/** Runs the wrapper as an npm script does, with PATH holding only system folders (no Node 24 there). */
function run(command: string, ...extra: string[]) {
  const result = spawnSync(process.execPath, [wrapper, command, ...extra], {
    encoding: "utf8",
    env: { PATH: "/usr/bin:/bin" },
  });
  return { status: result.status, lines: result.stdout.trim().split("\n"), stderr: result.stderr };
}

describe("scripts/with-node.js", () => {
  it("runs the command on the Node it names, at least 22.12, whatever node PATH had", () => {
    const { status, lines } = run("node -p process.version");
    expect(status).toBe(0);
    const named = /^runtime: node (v\d+\.\d+\.\d+) \(/.exec(lines[0] ?? "")?.[1];
    expect(named).toBeDefined();
    expect(lines.at(-1)).toBe(named);
    const [major, minor] = (named ?? "v0.0").slice(1).split(".").map(Number);
    expect((major ?? 0) > 22 || (major === 22 && (minor ?? 0) >= 12)).toBe(true);
  });

  it("passes on the arguments given after `npm run x --`, quotes and spaces intact", () => {
    const { status, lines } = run(
      "node -e 'console.log(JSON.stringify(process.argv.slice(1)))'",
      "it's",
      "a b",
      "--runs=3",
    );
    expect(status).toBe(0);
    expect(JSON.parse(lines.at(-1) ?? "null")).toEqual(["it's", "a b", "--runs=3"]);
  });

  it("hands on the command's exit code", () => {
    expect(run("node -e 'process.exit(3)'").status).toBe(3);
  });
});
