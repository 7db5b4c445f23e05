import { prefetchPages } from "#web/routes.tsx";

/**
 * Spec §2 / ARCHITECTURE §4: while the splash shows (4.2 s), load everything the app may need
 * next, so nothing waits after it fades: the catalogue, every page's code, and the parts that
 * load on demand (search box, catalogue tabs, footer, header dialogs, login popup).
 */
export function prefetchDuringSplash(): void {
  void import("#web/features/catalogue/catalogue-query.ts").then((m) => m.prefetchCatalogue());
  void prefetchPages();
  const onDemand = [
    () => import("#web/features/search/service-search.tsx"),
    () => import("#web/features/catalogue/service-groups-tabs.tsx"),
    () => import("#web/shell/footer.tsx"),
    () => import("#web/features/location/location-dialog.tsx"),
    () => import("#web/shell/mobile-menu-dialog.tsx"),
    () => import("#web/features/auth/login-dialog.tsx"),
  ];
  void Promise.allSettled(onDemand.map((load) => load()));
}
