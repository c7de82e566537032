import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageBox, MessageValues } from "@/domain/messages";
import { api, unwrap } from "@/web/lib/api-client";

// Every key starts with "messages": the live events ('message.created', 'message.read') refresh
// them all, the header bell's ["messages", "unread"] included.

export const MESSAGES_PAGE_SIZE = 20;

export type MessageFilter = { box: MessageBox; search: string; page: number };

export const messagesQuery = (f: MessageFilter) =>
  queryOptions({
    queryKey: ["messages", "list", f],
    queryFn: async () =>
      unwrap(
        await api.api.messages.$get({
          query: {
            box: f.box,
            search: f.search || undefined,
            page: String(f.page),
            pageSize: String(MESSAGES_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type MessageList = Awaited<ReturnType<NonNullable<ReturnType<typeof messagesQuery>["queryFn"]>>>;
export type MessageItem = MessageList["items"][number];
export type Party = MessageItem["sender"];

export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: ["messages", "detail", id],
    queryFn: async () => unwrap(await api.api.messages[":id"].$get({ param: { id } })),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

/**
 * The unread count: the header bell's dot, the student dashboard's figure and the Inbox tab's badge
 * all read this one query (one key, one answer, refreshed by the live events). It also polls, in
 * case the event stream is down.
 */
export const unreadCountQuery = queryOptions({
  queryKey: ["messages", "unread"],
  queryFn: async () => unwrap(await api.api.messages["unread-count"].$get()),
  refetchInterval: 30_000,
});

export const recipientsQuery = (search: string) =>
  queryOptions({
    queryKey: ["messages", "recipients", search],
    queryFn: async () =>
      unwrap(await api.api.messages.recipients.$get({ query: { search: search || undefined, limit: "20" } })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export type Recipient = Awaited<
  ReturnType<NonNullable<ReturnType<typeof recipientsQuery>["queryFn"]>>
>["items"][number];

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: MessageValues) => unwrap(await api.api.messages.$post({ json: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["messages"] }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.messages[":id"].read.$post({ param: { id } })),
    onSuccess: (message) => {
      queryClient.setQueryData(messageQuery(message.id).queryKey, message);
      return queryClient.invalidateQueries({ queryKey: ["messages"] });
    },
  });
}
