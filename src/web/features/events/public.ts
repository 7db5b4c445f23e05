// The live-events feature's public surface: what other features may use (lint: noRestrictedImports).
export { useServerEvent } from "./use-server-events.ts";
