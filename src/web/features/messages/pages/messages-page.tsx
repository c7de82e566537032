import { useQuery } from "@tanstack/react-query";
import { Inbox, PenSquare, SearchX, Send } from "lucide-react";
import { type ReactNode, useState } from "react";
import { MESSAGE_BOXES, replySubject } from "@/domain/messages";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { PageHeader } from "@/web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { type MessageFilter, type MessageItem, messagesQuery, unreadCountQuery } from "../api";
import { ComposeMessageDialog, type Draft } from "../components/compose-message-dialog";
import { MessageDetailDialog } from "../components/message-detail-dialog";

const EMPTY_DRAFT: Draft = { recipient: null, subject: "" };

/**
 * Messages for every role (/student/messages and /messages): Inbox and Sent, search, a new message,
 * a message's detail (which marks it read) and replies. The box, search and page live in the
 * address (Back returns to the same list). New messages arrive live: the shell's event stream
 * refreshes every ["messages"] query.
 */
export default function MessagesPage() {
  const me = useMe();
  const params = useListParams({ box: "inbox" }, { keep: ["box"] });
  const filter: MessageFilter = {
    box: oneOf(params.filters.box, MESSAGE_BOXES) ?? "inbox",
    search: params.search,
    page: params.page,
  };
  const unread = useQuery(unreadCountQuery);
  const [opened, setOpened] = useState<MessageItem | null>(null);
  const [composeOpen, setComposeOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);

  function compose(next: Draft) {
    setDraft(next);
    setComposeOpen(true);
  }

  const unreadCount = unread.data?.unread ?? 0;
  const newButton = (
    <Button onClick={() => compose(EMPTY_DRAFT)}>
      <PenSquare aria-hidden />
      New message
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Messages"
        description="Your conversations with coordinators, students and administrators"
        actions={newButton}
      />
      <Tabs value={filter.box} onValueChange={(box) => params.set({ box })}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TabsList className="sm:w-72" aria-label="Mailbox">
            <TabsTrigger value="inbox">
              Inbox
              {unreadCount > 0 ? (
                <Badge className="ml-2">
                  {unreadCount}
                  <span className="sr-only"> unread</span>
                </Badge>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="sent">Sent</TabsTrigger>
          </TabsList>
          <search aria-label="Filter messages" className="grid gap-1.5 sm:w-80">
            <Label htmlFor="message-search">Search messages</Label>
            <Input
              id="message-search"
              type="search"
              placeholder="Subject, content or name"
              value={params.searchText}
              onChange={(e) => params.setSearchText(e.target.value)}
            />
          </search>
        </div>
        {MESSAGE_BOXES.map((box) => (
          <TabsContent key={box} value={box}>
            {filter.box === box && me.data ? (
              <MessageList
                filter={filter}
                viewerId={me.data.user.id}
                onOpen={setOpened}
                onPage={params.setPage}
                onClearSearch={params.clear}
                newButton={newButton}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>

      {me.data ? (
        <MessageDetailDialog
          message={opened}
          viewerId={me.data.user.id}
          onOpenChange={(open) => {
            if (!open) setOpened(null);
          }}
          onReply={(m) => {
            setOpened(null);
            compose({ recipient: m.sender, subject: replySubject(m.subject) });
          }}
        />
      ) : null}
      <ComposeMessageDialog open={composeOpen} onOpenChange={setComposeOpen} draft={draft} />
    </>
  );
}

function MessageList({
  filter,
  viewerId,
  onOpen,
  onPage,
  onClearSearch,
  newButton,
}: {
  filter: MessageFilter;
  viewerId: string;
  onOpen: (m: MessageItem) => void;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  newButton: ReactNode;
}) {
  const list = useQuery(messagesQuery(filter));
  const inbox = filter.box === "inbox";
  const copy: ListCopy = {
    what: "messages",
    loading: "Loading messages...",
    empty: inbox
      ? {
          icon: Inbox,
          title: "No messages yet",
          body: "Messages from your coordinators and the people you work with appear here as they arrive.",
        }
      : {
          icon: Send,
          title: "No sent messages",
          body: (
            <>
              <p className="mb-3">Messages you send are kept here.</p>
              {newButton}
            </>
          ),
        },
    noMatch: {
      icon: SearchX,
      title: "No messages match",
      body: (
        <>
          <p className="mb-3">No message in {inbox ? "your inbox" : "your sent messages"} matches this search.</p>
          <Button variant="outline" onClick={onClearSearch}>
            Clear search
          </Button>
        </>
      ),
    },
  };

  return (
    <ListResults query={list} copy={copy} params={{ filtered: !!filter.search, setPage: onPage }}>
      {(data) => (
        <ul
          aria-label={inbox ? "Inbox" : "Sent messages"}
          className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-white"
        >
          {data.items.map((m) => {
            const other = inbox ? m.sender : m.recipient;
            const unread = inbox && !m.read && m.recipient.id === viewerId;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => onOpen(m)}
                  data-testid="message-row"
                  data-unread={unread || undefined}
                  className={cn(
                    "grid w-full gap-1 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:gap-4",
                    unread && "bg-primary-soft/40",
                  )}
                >
                  <span className="flex min-w-0 items-start gap-2">
                    <span
                      aria-hidden
                      className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
                    />
                    <span className="min-w-0">
                      {unread ? <span className="sr-only">Unread. </span> : null}
                      <span className="sr-only">{inbox ? "From " : "To "}</span>
                      <span className={cn("block truncate", unread ? "font-semibold" : "font-medium")}>
                        {other.fullName}
                      </span>
                      {other.organizationName ? (
                        <span className="block truncate text-xs text-muted-foreground">{other.organizationName}</span>
                      ) : null}
                    </span>
                  </span>
                  <span className="min-w-0 pl-4 sm:pl-0">
                    <span className={cn("block truncate", unread ? "font-semibold" : "font-medium")}>{m.subject}</span>
                    <span className="block truncate text-sm text-muted-foreground">{m.preview}</span>
                  </span>
                  <span className="pl-4 text-xs whitespace-nowrap text-muted-foreground sm:pl-0 sm:text-sm">
                    {formatDateTime(m.createdAt)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </ListResults>
  );
}
