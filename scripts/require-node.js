// Stops a test run on a Node older than 22.12 and says which Node runs it. Imported by vitest.config.ts and
// playwright.config.ts; plain JavaScript so that an old Node can run it. See decision record 013.
import { realpathSync } from "node:fs";

const [major, minor] = process.versions.node.split(".").map(Number);
console.log(`runtime: node ${process.version} (${realpathSync(process.execPath)})`);
if (major < 22 || (major === 22 && minor < 12)) {
  throw new Error(`Mates needs Node 22.12 or newer; this is ${process.version}. Run it through npm (npm test).`);
}
