import { useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Bot, Loader2, MessageSquarePlus, Send, Trash2, User } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { CHAT_ERRORS, RATE_LIMIT_TITLE } from "@/domain/learning";
import { LoadError } from "@/web/components/list-page/load-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Loading } from "@/web/components/ui/loading";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { viewedStudentId } from "@/web/lib/view-as-student";
import {
  assistantQuery,
  conversationQuery,
  conversationsQuery,
  RateLimitError,
  readAnswer,
  useDeleteConversation,
} from "../api";
import type { AssistantInfo } from "../types";
import { AnswerText } from "./answer-text";

// The study assistant (spec sections 4, 5, 8, 9): a 500 px chat window, message times as
// 'MMM d, h:mm a', four suggested questions, the reply growing as it streams, a thinking state
// that ends at the end or on error; blank input, or input while a reply is awaited, is ignored.

type Shown = { key: string; role: "user" | "assistant"; content: string; at: string };

const timeOf = (iso: string) => format(new Date(iso), "MMM d, h:mm a");

export function AssistantChat() {
  const info = useQuery(assistantQuery);
  const conversations = useQuery(conversationsQuery);
  if (info.isPending || conversations.isPending) return <Loading label="Loading the study assistant..." />;
  if (info.isError) return <LoadError what="the study assistant" query={info} />;
  if (conversations.isError) return <LoadError what="your conversations" query={conversations} />;
  return <Chat info={info.data} initial={conversations.data.items[0]?.id ?? null} />;
}

function Chat({ info, initial }: { info: AssistantInfo; initial: string | null }) {
  const queryClient = useQueryClient();
  const conversations = useQuery(conversationsQuery);
  const [conversationId, setConversationId] = useState<string | null>(initial);
  const stored = useQuery({ ...conversationQuery(conversationId ?? ""), enabled: conversationId !== null });
  const [live, setLive] = useState<Shown[]>([]);
  const [input, setInput] = useState("");
  const [awaiting, setAwaiting] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const readOnly = viewedStudentId() !== null;

  const shown: Shown[] = [
    ...(conversationId && stored.data
      ? stored.data.messages.map((m) => ({ key: m.id, role: m.role, content: m.content, at: m.createdAt }))
      : []),
    ...live,
  ];

  // Keep the newest message in view as the reply grows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every change of the shown text
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown.length, live.at(-1)?.content]);

  async function send(text: string) {
    const content = text.trim();
    // Spec section 5: blank input, or input while a reply is awaited, is ignored.
    if (!content || awaiting || readOnly) return;
    const now = new Date().toISOString();
    setInput("");
    setAwaiting(true);
    setLive((l) => [...l, { key: `u-${now}`, role: "user", content, at: now }]);
    let started = false;
    try {
      const id = await readAnswer({ content, conversationId }, (piece) => {
        setLive((l) => {
          if (!started) {
            started = true;
            return [...l, { key: `a-${now}`, role: "assistant", content: piece, at: new Date().toISOString() }];
          }
          const last = l.at(-1);
          return last ? [...l.slice(0, -1), { ...last, content: last.content + piece }] : l;
        });
      });
      const shownId = id ?? conversationId;
      // The stored conversation now holds both messages: load it, then show it instead of the live copies.
      if (shownId) await queryClient.fetchQuery({ ...conversationQuery(shownId), staleTime: 0 });
      if (shownId !== conversationId) setConversationId(shownId);
      void queryClient.invalidateQueries({ queryKey: ["learning", "conversations"] });
      void queryClient.invalidateQueries({ queryKey: ["learning", "assistant"] });
      setLive([]);
    } catch (err) {
      if (err instanceof RateLimitError) {
        toast.error(RATE_LIMIT_TITLE, { description: err.message });
      } else {
        toast.error("Error", { description: err instanceof Error && err.message ? err.message : CHAT_ERRORS.send });
      }
    } finally {
      setAwaiting(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  function startNew() {
    if (awaiting) return;
    setConversationId(null);
    setLive([]);
  }

  const past = conversations.data?.items ?? [];
  const thinking = awaiting && live.at(-1)?.role !== "assistant";

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={info.mode === "model" ? "success" : "muted"}>
          {info.mode === "model" ? `Model mode: ${info.model}` : "Offline mode: answers from the Learning Center"}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {info.questionsLeft} of {info.questionsPerWindow} questions left in the next {info.windowMinutes} minutes
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {past.length > 0 ? (
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor="assistant-conversation">Conversation</label>
              <Select
                id="assistant-conversation"
                className="w-48 sm:w-64"
                value={conversationId ?? ""}
                disabled={awaiting}
                onChange={(e) => {
                  setLive([]);
                  setConversationId(e.target.value || null);
                }}
              >
                <option value="">New conversation</option>
                {past.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <Button variant="outline" size="sm" onClick={startNew} disabled={awaiting || conversationId === null}>
            <MessageSquarePlus aria-hidden /> New
          </Button>
          {conversationId && !readOnly ? (
            <DeleteConversation
              id={conversationId}
              title={past.find((c) => c.id === conversationId)?.title ?? "this conversation"}
              disabled={awaiting}
              onDeleted={startNew}
            />
          ) : null}
        </div>
      </div>

      <Card className="flex h-[500px] flex-col overflow-hidden">
        <div
          ref={logRef}
          role="log"
          aria-label="Conversation with the study assistant"
          aria-busy={awaiting}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users need to reach it
          tabIndex={0}
          className="flex-1 space-y-4 overflow-y-auto p-4"
        >
          {conversationId && stored.isPending ? (
            <Loading label="Loading the conversation..." className="h-full" />
          ) : null}
          {shown.length === 0 && !(conversationId && stored.isPending) ? (
            <Suggestions questions={info.suggestedQuestions} onAsk={send} disabled={awaiting || readOnly} />
          ) : null}
          {shown.map((m) => (
            <Message key={m.key} message={m} />
          ))}
          {thinking ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Thinking...
            </p>
          ) : null}
        </div>
        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-border p-3">
          <label htmlFor="assistant-question" className="sr-only">
            Your question
          </label>
          <Textarea
            id="assistant-question"
            rows={2}
            className="min-h-0 flex-1 resize-none"
            placeholder={
              readOnly ? "Viewing as a student: read only" : "Ask about your rotation, a skill or a requirement..."
            }
            value={input}
            maxLength={2000}
            disabled={readOnly}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void send(input);
              }
            }}
          />
          <Button type="submit" disabled={awaiting || readOnly || input.trim() === ""} aria-label="Send">
            {awaiting ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            <span className="hidden sm:inline">Send</span>
          </Button>
        </form>
      </Card>
    </div>
  );
}

function Suggestions({
  questions,
  onAsk,
  disabled,
}: {
  questions: string[];
  onAsk: (q: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3 text-center">
      <Bot className="mx-auto size-8 text-primary" aria-hidden />
      <p className="font-medium">Ask the study assistant</p>
      <p className="text-sm text-muted-foreground">
        It answers from your Learning Center and your own records, and links every source it uses.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Suggested questions">
        {questions.map((q) => (
          <li key={q}>
            <Button
              variant="outline"
              className="h-auto w-full whitespace-normal py-2 text-left"
              disabled={disabled}
              onClick={() => onAsk(q)}
            >
              {q}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Message({ message }: { message: Shown }) {
  const mine = message.role === "user";
  return (
    <article aria-label={mine ? "You" : "Study assistant"} className={`flex gap-2 ${mine ? "flex-row-reverse" : ""}`}>
      <span
        className={`mt-1 flex size-7 shrink-0 items-center justify-center rounded-full ${mine ? "bg-primary text-primary-foreground" : "bg-muted text-slate-700"}`}
        aria-hidden
      >
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-primary text-primary-foreground" : "bg-muted text-slate-900"}`}
      >
        {mine ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <AnswerText content={message.content} />
        )}
        <p className={`mt-1 text-xs ${mine ? "text-teal-50" : "text-slate-600"}`}>
          <time dateTime={message.at}>{timeOf(message.at)}</time>
        </p>
      </div>
    </article>
  );
}

/** Deletes the shown conversation after asking; the chat then starts a new one. */
function DeleteConversation(props: { id: string; title: string; disabled: boolean; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteConversation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={props.disabled}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete this conversation?</DialogTitle>
        <DialogDescription>
          “{props.title}” and its answers will be removed from your conversations. This cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(props.id, {
                onSuccess: () => {
                  setOpen(false);
                  props.onDeleted();
                  toast.success("Success", { description: "Conversation deleted" });
                },
                onError: (err) => toast.error("Error", { description: err.message }),
              })
            }
          >
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
