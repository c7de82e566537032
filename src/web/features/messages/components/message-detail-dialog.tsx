import { useQuery } from "@tanstack/react-query";
import { Reply } from "lucide-react";
import { useEffect, useRef } from "react";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { formatDateTime } from "@/web/lib/format";
import { type MessageItem, messageQuery, type Party, useMarkRead } from "../api";

const who = (p: Party) => (p.organizationName ? `${p.fullName}, ${p.organizationName}` : p.fullName);

/**
 * A message in full. Opening an unread message addressed to the viewer marks it read (spec section
 * 4); the bell and the lists follow through the ["messages"] queries.
 */
export function MessageDetailDialog({
  message,
  viewerId,
  onOpenChange,
  onReply,
}: {
  message: MessageItem | null;
  viewerId: string;
  onOpenChange: (open: boolean) => void;
  onReply: (message: MessageItem) => void;
}) {
  const open = message !== null;
  const detail = useQuery({ ...messageQuery(message?.id ?? ""), enabled: open });
  const { mutate: markRead } = useMarkRead();
  const marked = useRef<string | null>(null);
  const toMe = message?.recipient.id === viewerId;

  useEffect(() => {
    if (!message || !toMe || message.read || marked.current === message.id) return;
    marked.current = message.id;
    markRead(message.id);
  }, [message, toMe, markRead]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        {message ? (
          <>
            <DialogTitle className="pr-6 break-words">{message.subject}</DialogTitle>
            <DialogDescription>{formatDateTime(message.createdAt)}</DialogDescription>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-slate-700">From</dt>
              <dd className="break-words" data-testid="message-from">
                {who(message.sender)}
              </dd>
              <dt className="font-medium text-slate-700">To</dt>
              <dd className="break-words" data-testid="message-to">
                {who(message.recipient)}
              </dd>
            </dl>
            <div className="mt-4 rounded-md border border-border bg-muted/40 p-4 text-sm">
              {detail.isPending ? (
                <p role="status" className="text-muted-foreground">
                  Loading...
                </p>
              ) : detail.isError ? (
                <LoadError what="this message" query={detail} />
              ) : (
                <p className="whitespace-pre-wrap break-words" data-testid="message-content">
                  {detail.data.content}
                </p>
              )}
            </div>
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              {toMe ? (
                <Button onClick={() => onReply(message)}>
                  <Reply aria-hidden />
                  Reply
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
