import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const freshDir = () => mkdtempSync(join(tmpdir(), "mates-lock-"));

describe("lockDataDir", () => {
  it("writes the owner's pid and removes the lock on release", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it("refuses a directory locked by a live process, with a clear message", async () => {
    const dir = freshDir();
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "mates.lock"), String(sleeper.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/is in use by another Mates server \(pid \d+\)/);
    } finally {
      sleeper.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = freshDir();
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => child.on("exit", resolve));
    writeFileSync(join(dir, "mates.lock"), String(child.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
  });
});
