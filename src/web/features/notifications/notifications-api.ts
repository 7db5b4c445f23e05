import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type NotificationSettings, notificationSettingsSchema } from "#domain/notification-settings.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

const settingsResponse = z.object({ settings: notificationSettingsSchema });
const KEY = ["notification-settings"] as const;

/** The signed-in person's notification settings (rating reminders). */
export function useNotificationSettings() {
  return useQuery(
    { queryKey: KEY, queryFn: ({ signal }) => apiGet("/api/notification-settings", settingsResponse, { signal }) },
    appQueryClient,
  );
}

export function useSaveNotificationSettings() {
  return useMutation(
    {
      mutationFn: (settings: NotificationSettings) =>
        apiSend("PUT", "/api/notification-settings", settings, settingsResponse),
      onSuccess: (answer) => appQueryClient.setQueryData(KEY, answer),
    },
    appQueryClient,
  );
}
