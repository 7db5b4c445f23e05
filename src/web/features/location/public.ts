// The location feature's public surface: what other features may use (lint: noRestrictedImports).
export { DETECTION_FAILURES, detectLocation } from "./detect.ts";
export { PlaceSearch } from "./place-search.tsx";
