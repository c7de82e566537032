import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { CHAT_ERRORS, RATE_LIMIT_MESSAGE } from "@/domain/learning";
import { ApiError, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";
import { withViewedStudent } from "@/web/lib/view-as-student";
import type {
  AssistantInfo,
  Checklist,
  Conversation,
  ConversationSummary,
  CoordinatorResourcePage,
  Resource,
  ResourcePage,
} from "./types";

// The Learning Center's calls: the student's own (/api/me/student/learning/*, with View As) and the
// coordinators' library (/api/learning/*). The assistant's answer is read as a stream (readAnswer).

async function request<T>(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<T> {
  const response = await fetch(withViewedStudent(path), {
    method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

const ME = "/api/me/student/learning";

export type ResourceFilters = { search?: string; category?: string; specialty?: string; page?: number };

export const myResourcesQuery = (f: ResourceFilters) =>
  queryOptions({
    queryKey: ["learning", "resources", "mine", f],
    queryFn: () =>
      request<ResourcePage>(
        `${ME}/resources${queryString({ search: f.search || undefined, category: f.category || undefined, specialty: f.specialty || undefined, page: f.page && f.page > 1 ? f.page : undefined, pageSize: 12 })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const myResourceQuery = (id: string) =>
  queryOptions({
    queryKey: ["learning", "resource", id],
    queryFn: () => request<Resource>(`${ME}/resources/${encodeURIComponent(id)}`),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export function useMarkDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      request<Resource>(`${ME}/resources/${encodeURIComponent(id)}/progress`, { method: "PUT", json: { done } }),
    onSuccess: (resource) => {
      queryClient.setQueryData(["learning", "resource", resource.id], resource);
      return queryClient.invalidateQueries({ queryKey: ["learning", "resources"] });
    },
  });
}

export const checklistQuery = queryOptions({
  queryKey: ["learning", "checklist"],
  queryFn: () => request<Checklist>(`${ME}/checklist`),
});

export function useTickItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, checked }: { item: string; checked: boolean }) =>
      request<Checklist>(`${ME}/checklist/${encodeURIComponent(item)}`, { method: "PUT", json: { checked } }),
    onSuccess: (checklist) => queryClient.setQueryData(checklistQuery.queryKey, checklist),
  });
}

export function useTickPlacementItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, checked }: { id: string; checked: boolean }) =>
      request<Checklist>(`${ME}/checklist/placement-items/${encodeURIComponent(id)}`, {
        method: "PUT",
        json: { checked },
      }),
    onSuccess: (checklist) => queryClient.setQueryData(checklistQuery.queryKey, checklist),
  });
}

/** Where a student (or an admin viewing as one) downloads a resource's file. */
export const myResourceFileUrl = (id: string) =>
  String(withViewedStudent(`${ME}/resources/${encodeURIComponent(id)}/file`));

export const assistantQuery = queryOptions({
  queryKey: ["learning", "assistant"],
  queryFn: () => request<AssistantInfo>(`${ME}/assistant`),
});

export const conversationsQuery = queryOptions({
  queryKey: ["learning", "conversations"],
  queryFn: () => request<{ items: ConversationSummary[] }>(`${ME}/conversations`),
});

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: ["learning", "conversation", id],
    queryFn: () => request<Conversation>(`${ME}/conversations/${encodeURIComponent(id)}`),
  });

/** Thrown when the assistant refuses for the rate limit (the page shows the prototype's toast). */
/** Deletes one of the student's conversations with the study assistant. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ id: string; deleted: true }>(`${ME}/conversations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ["learning", "conversation", id] });
      return queryClient.invalidateQueries({ queryKey: ["learning", "conversations"] });
    },
  });
}

export class RateLimitError extends Error {
  constructor() {
    super(RATE_LIMIT_MESSAGE);
  }
}

/**
 * Asks the assistant and reads its Server-Sent Events stream (OpenAI's chat completion chunks):
 * `onDelta` gets each piece as it arrives. Resolves with the conversation's id; throws the
 * prototype's errors ('Failed to get response', 'No response body') or the stream's `error`.
 */
export async function readAnswer(
  question: { content: string; conversationId: string | null },
  onDelta: (piece: string) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  const response = await fetch(`${ME}/assistant/chat/completions`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      messages: [{ role: "user", content: question.content }],
      conversationId: question.conversationId ?? undefined,
    }),
    signal,
  });
  if (response.status === 429) throw new RateLimitError();
  if (!response.ok) {
    let message: string = CHAT_ERRORS.response;
    try {
      const body = (await response.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // Not our envelope: the prototype's words.
    }
    throw new ApiError(response.status, "chat_failed", message);
  }
  if (!response.body) throw new Error(CHAT_ERRORS.body);
  const conversationId = response.headers.get("x-conversation-id");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      for (const line of event.split("\n")) {
        if (!line.startsWith("data: ")) continue;
        const data = line.slice(6).trim();
        if (data === "[DONE]") return conversationId;
        const chunk = JSON.parse(data) as {
          error?: { message?: string };
          choices?: { delta?: { content?: string } }[];
        };
        if (chunk.error) throw new Error(chunk.error.message || CHAT_ERRORS.response);
        const piece = chunk.choices?.[0]?.delta?.content;
        if (piece) onDelta(piece);
      }
    }
  }
  return conversationId;
}

// ---- Coordinators and administrators: the library ----

export const libraryQuery = (f: ResourceFilters) =>
  queryOptions({
    queryKey: ["learning", "resources", "library", f],
    queryFn: () =>
      request<CoordinatorResourcePage>(
        `/api/learning/resources${queryString({ search: f.search || undefined, category: f.category || undefined, specialty: f.specialty || undefined, page: f.page && f.page > 1 ? f.page : undefined })}`,
      ),
    placeholderData: keepPreviousData,
  });

export type ResourceForm = {
  title: string;
  summary: string;
  body: string;
  category: string;
  kind: string;
  durationMinutes: string;
  specialties: string[];
  url: string;
};

export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: ResourceForm }) =>
      request<Resource>(id ? `/api/learning/resources/${encodeURIComponent(id)}` : "/api/learning/resources", {
        method: id ? "PUT" : "POST",
        json: values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["learning"] }),
  });
}

/** The resource's file: a new one uploaded (multipart, replacing any), or the current one removed. */
export function useResourceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File | "remove" }) => {
      const path = `/api/learning/resources/${encodeURIComponent(id)}/file`;
      if (file === "remove") return request<Resource>(path, { method: "DELETE" });
      const body = new FormData();
      body.append("file", file);
      return request<Resource>(path, { method: "PUT", body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["learning"] }),
  });
}

export const resourceFileUrl = (id: string) => `/api/learning/resources/${encodeURIComponent(id)}/file`;

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ id: string }>(`/api/learning/resources/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["learning"] }),
  });
}
