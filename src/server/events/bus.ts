/**
 * The change feed behind `GET /api/events` (spec §7 "Subscribe to users/{key}/cartItems"): a
 * capability publishes an event for a user after its change is stored; every stream that user has
 * open, on this instance or (with Redis) any other, receives it.
 */
export type ServerEvent = {
  /** The SSE event name: `cart`, `booking`, … */
  type: string;
  data: unknown;
};

export type EventListener = (event: ServerEvent) => void;

export interface EventBus {
  /** Delivers to every listener of the user, on every instance. Resolves once handed over. */
  publish(userId: string, event: ServerEvent): Promise<void>;
  /** Listens to one user's events; the returned function stops listening. */
  subscribe(userId: string, listener: EventListener): () => void;
  /** Open listeners on this instance (for health figures and tests). */
  listenerCount(): number;
  close(): Promise<void>;
}

/** Listeners of this process, by user: the local half of every bus. */
export class LocalListeners {
  readonly #byUser = new Map<string, Set<EventListener>>();
  #count = 0;

  add(userId: string, listener: EventListener): () => void {
    let set = this.#byUser.get(userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(listener);
    this.#count++;
    return () => {
      const current = this.#byUser.get(userId);
      if (!current?.delete(listener)) return;
      this.#count--;
      if (current.size === 0) this.#byUser.delete(userId);
    };
  }

  deliver(userId: string, event: ServerEvent): void {
    const set = this.#byUser.get(userId);
    if (!set) return;
    for (const listener of [...set]) listener(event);
  }

  get size(): number {
    return this.#count;
  }
}

/** One process: events go straight to this instance's listeners. */
export function memoryEventBus(): EventBus {
  const listeners = new LocalListeners();
  return {
    publish: async (userId, event) => listeners.deliver(userId, event),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.size,
    close: async () => {},
  };
}
