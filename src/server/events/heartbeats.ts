/** How often the heartbeat timer ticks; each tick beats one slice of the open streams. */
export const HEARTBEAT_TICK_MS = 250;

/**
 * One timer beats every open stream once per interval, a slice per tick: the streams are dealt
 * round-robin into interval/tick slices. Beating all of them at once would write to every socket
 * in one turn of the event loop (10,000 streams held the loop for about half a second on a 2-core
 * machine, and every request waiting behind it got that much slower); a slice of 100 does not.
 * The returned function adds one stream's beat and gives back the function that removes it; the
 * timer runs only while some stream is open.
 */
export function heartbeats(intervalMs: number, tickMs = Math.min(HEARTBEAT_TICK_MS, intervalMs)) {
  const slices = Array.from({ length: Math.max(1, Math.round(intervalMs / tickMs)) }, () => new Set<() => void>());
  let dealt = 0;
  let tick = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return (beat: () => void) => {
    const slice = slices[dealt++ % slices.length] as Set<() => void>;
    slice.add(beat);
    timer ??= setInterval(() => {
      const due = slices[tick++ % slices.length] as Set<() => void>;
      for (const each of due) each();
    }, tickMs);
    return () => {
      if (!slice.delete(beat)) return;
      if (timer && slices.every((each) => each.size === 0)) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  };
}
