/** One Server-Sent Events frame with its id (the stream's own reader, SseClient, leaves ids out). */
export type Frame = { id: string | undefined; event: string; data: string };

/**
 * Reads a `text/event-stream` response into frames as they come, ids included, for the tests of
 * reconnecting with Last-Event-ID. `next` waits for a frame that passes the test.
 */
export function readFrames(response: Response) {
  const frames: Frame[] = [];
  const wakers = new Set<() => void>();
  const done = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) return;
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).replace(/^ /, ""));
          const data = field("data");
          if (data.length === 0) continue;
          frames.push({ id: field("id").at(-1), event: field("event").at(-1) ?? "message", data: data.join("\n") });
          for (const wake of [...wakers]) wake();
        }
      }
    } catch {
      // the stream was aborted or the instance went away
    } finally {
      for (const wake of [...wakers]) wake();
    }
  })();
  return {
    frames,
    done,
    next: (test: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs);
        const finish = (error?: Error) => {
          clearTimeout(timer);
          wakers.delete(check);
          const found = frames.find(test);
          if (found) resolve(found);
          else reject(error ?? new Error("the stream ended without a matching frame"));
        };
        const check = () => {
          if (frames.some(test)) finish();
        };
        wakers.add(check);
        check();
      }),
  };
}
