// The catalogue feature's public surface: what other features may use (lint: noRestrictedImports).
export { useCatalogue, useServiceTitles, useTranslatedServices } from "./catalogue-query.ts";
export { ServiceIcon } from "./service-icon.tsx";
export { SkillChecklist } from "./skill-checklist.tsx";
