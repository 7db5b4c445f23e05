/**
 * What `use-sync-external-store/shim` gives, from React itself (vite.config.ts aliases the shim
 * here; decision 071): the shim exists for React before 18, and in the bundle it was 0.2 KB gzip of
 * start-up code wrapping the hook React 19 already has.
 */
export { useSyncExternalStore } from "react";
