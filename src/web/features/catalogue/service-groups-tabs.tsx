import * as Tabs from "@radix-ui/react-tabs";
import { SERVICE_GROUPS, type ServiceGroup } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { catalogueMessages } from "./catalogue-messages.ts";
import { useCatalogue } from "./catalogue-query.ts";
import { GROUP_SUMMARY } from "./group-info.ts";
import { ServiceCard } from "./service-card.tsx";

/** The catalogue as tabs Homekit / Nearkart / Renova; the selected tab is controlled. */
export function ServiceGroupsTabs({
  selected,
  onSelect,
}: {
  selected: ServiceGroup;
  onSelect: (group: ServiceGroup) => void;
}) {
  const t = useT(catalogueMessages);
  const shell = useT(shellMessages);
  const catalogue = useCatalogue();

  return (
    <Tabs.Root
      value={selected}
      onValueChange={(value) => {
        const group = SERVICE_GROUPS.find((name) => name === value);
        if (group) onSelect(group);
      }}
    >
      <Tabs.List
        aria-label={t("groupsLabel")}
        className="inline-flex w-full gap-1 rounded-2xl bg-slate-200/70 p-1 sm:w-auto"
      >
        {SERVICE_GROUPS.map((group) => (
          <Tabs.Trigger
            key={group}
            value={group}
            className="flex-1 rounded-xl px-5 py-2.5 text-sm font-semibold text-slate-700 transition hover:text-slate-950 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm sm:flex-none sm:text-base"
          >
            {group}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      {SERVICE_GROUPS.map((group) => {
        const services = catalogue.data?.groups.find((listing) => listing.name === group)?.services ?? [];
        return (
          <Tabs.Content key={group} value={group} className="mt-6 rounded-2xl">
            <p className="mb-5 max-w-2xl text-slate-700">{shell(GROUP_SUMMARY[group])}</p>
            {catalogue.isPending ? (
              <LoadingState />
            ) : catalogue.isError ? (
              <ErrorState
                title={t("loadFailed")}
                message={catalogue.error.message}
                onRetry={() => void catalogue.refetch()}
              />
            ) : services.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
                {t("noServices", { group })}
              </p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {services.map((service) => (
                  <li key={service.name}>
                    <ServiceCard service={service} />
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
