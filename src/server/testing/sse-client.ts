/** One parsed Server-Sent Event: its name, data, and its id when it has one. */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * Reads a `text/event-stream` response as the browser's EventSource would (event/data fields,
 * comment lines, blank-line framing), for tests and benchmarks that hold real streams open.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  readonly #waiters: { test: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
  readonly #onEvent: ((event: SseEvent) => void) | undefined;
  readonly done: Promise<void>;

  constructor(response: Response, onEvent?: (event: SseEvent) => void) {
    if (!response.body) throw new Error("the response has no body");
    this.#onEvent = onEvent;
    this.done = this.#read(response.body.pipeThrough(new TextDecoderStream()).getReader());
  }

  async #read(reader: ReadableStreamDefaultReader<string>): Promise<void> {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          this.#block(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted by the test, or the server closed the connection
    }
  }

  #block(block: string): void {
    let event = "message";
    const data: string[] = [];
    let fields = 0;
    let id: string | undefined;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) this.comments++;
      else if (line.startsWith("event: ")) {
        event = line.slice(7);
        fields++;
      } else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) {
        data.push(line.slice(6));
        fields++;
      }
    }
    if (fields === 0 || data.length === 0) return;
    const parsed: SseEvent = id === undefined ? { event, data: data.join("\n") } : { event, data: data.join("\n"), id };
    this.events.push(parsed);
    this.#onEvent?.(parsed);
    for (const waiter of [...this.#waiters]) {
      if (waiter.test(parsed)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(parsed);
      }
    }
  }

  /** The first event (already received or still to come) that passes the test. */
  next(test: (event: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        test,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }
}
