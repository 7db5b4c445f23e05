/**
 * Holds a request made before its handler exists. Requests are posted from the first moment (the
 * start-up bundle listens for them: main.tsx); the feature's lazily loaded root takes them over
 * when it arrives, and a request that came before is handed over at once. Only the latest waiting
 * request is kept.
 */
export type RequestMailbox<T> = {
  post: (request: T) => void;
  /** The handler takes over the requests; returns a function that lets them go again. */
  take: (handler: (request: T) => void) => () => void;
};

export function createRequestMailbox<T>(): RequestMailbox<T> {
  let handler: ((request: T) => void) | undefined;
  let waiting: { request: T } | undefined;
  return {
    post: (request) => {
      if (handler) handler(request);
      else waiting = { request };
    },
    take: (next) => {
      handler = next;
      if (waiting) {
        const { request } = waiting;
        waiting = undefined;
        next(request);
      }
      return () => {
        if (handler === next) handler = undefined;
      };
    },
  };
}
