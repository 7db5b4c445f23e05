import { beforeEach } from "vitest";

/**
 * The app's clock for a test file: it stands at `start`, a test moves it by hand (to a job's set-off
 * window, say), and it is back at `start` before each test. Pass `clock.now` as createTestApp's `now`.
 */
export function handMovedClock(start: Date) {
  let at = start;
  beforeEach(() => {
    at = start;
  });
  return {
    now: () => at,
    moveTo: (next: Date) => {
      at = next;
    },
  };
}
