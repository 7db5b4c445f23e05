import { useEffect, useState } from "react";
import type { SearchAliases } from "#domain/service-search.ts";

const NONE: SearchAliases = {};
let loaded: SearchAliases | undefined;
let loading: Promise<SearchAliases> | undefined;

/**
 * What Mumbai types for each service (#domain/search-aliases.ts, about 2 KB gzip), loaded with its
 * own chunk once someone starts typing, so no page's first load carries it (record 070). Until it
 * comes, titles alone match.
 */
export function useSearchAliases(wanted: boolean): SearchAliases {
  const [aliases, setAliases] = useState(loaded);
  useEffect(() => {
    if (!wanted || aliases) return;
    let live = true;
    loading ??= import("#domain/search-aliases.ts").then((module) => {
      loaded = module.SEARCH_ALIASES;
      return loaded;
    });
    void loading.then((next) => {
      if (live) setAliases(next);
    });
    return () => {
      live = false;
    };
  }, [wanted, aliases]);
  return aliases ?? NONE;
}
