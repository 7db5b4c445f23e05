import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heartbeats } from "./heartbeats.ts";

describe("heartbeats", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function streams(count: number, add: (beat: () => void) => () => void) {
    const beats = Array.from({ length: count }, () => 0);
    const stops = beats.map((_, i) =>
      add(() => {
        beats[i] = (beats[i] ?? 0) + 1;
      }),
    );
    return { beats, stops };
  }

  it("beat every stream once per interval, a slice of them per tick, never all at once", () => {
    const { beats } = streams(400, heartbeats(25_000, 250));
    const perTick: number[] = [];
    for (let tick = 0; tick < 100; tick++) {
      const before = beats.reduce((sum, n) => sum + n, 0);
      vi.advanceTimersByTime(250);
      perTick.push(beats.reduce((sum, n) => sum + n, 0) - before);
    }
    expect(beats.every((n) => n === 1)).toBe(true);
    expect(Math.max(...perTick)).toBe(4);
    vi.advanceTimersByTime(25_000);
    expect(beats.every((n) => n === 2)).toBe(true);
  });

  it("stop beating a closed stream, and stop the timer when none is open", () => {
    const { beats, stops } = streams(3, heartbeats(1000, 250));
    stops[1]?.();
    stops[1]?.();
    vi.advanceTimersByTime(1000);
    expect(beats).toEqual([1, 0, 1]);
    stops[0]?.();
    stops[2]?.();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("beat at the interval itself when it is shorter than a tick", () => {
    const add = heartbeats(100);
    const { beats } = streams(2, add);
    vi.advanceTimersByTime(300);
    expect(beats).toEqual([3, 3]);
  });
});
