import { useQuery } from "@tanstack/react-query";
import { Check, Copy, Rss } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { formatDateTime } from "@/web/lib/format";
import { type CalendarFeed, feedsQuery, useCreateFeed, useRevokeFeed } from "../api";

const FEED_LABEL_MAX = 100;

/** The feed's address, once: Copy (clipboard) or, where the clipboard is refused, a selected field to copy by hand. */
function NewFeedUrl({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Feed address copied");
    } catch {
      // No clipboard (an insecure page, a refused permission): select it for Ctrl+C / long press.
      input.current?.focus();
      input.current?.select();
      toast.info("Press Ctrl+C (or ⌘C) to copy the selected address");
    }
  }

  return (
    <div className="mt-4 rounded-md border border-teal-200 bg-primary-soft/50 p-3">
      <Label htmlFor={id}>Your feed address (shown only now: copy it)</Label>
      <div className="mt-1.5 flex gap-2">
        <Input id={id} ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" onClick={copy} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        Anyone with this address sees your calendar: keep it private, and revoke it below if it leaks.
      </p>
    </div>
  );
}

function FeedRow({ feed }: { feed: CalendarFeed }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeFeed();
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{feed.label}</p>
          <p className="text-xs text-muted-foreground">
            Created {formatDateTime(feed.createdAt)} ·{" "}
            {feed.lastUsedAt ? `last used ${formatDateTime(feed.lastUsedAt)}` : "never used yet"}
          </p>
        </div>
        {confirming ? null : (
          <Button size="sm" variant="outline" aria-label={`Revoke ${feed.label}`} onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm">
          <p className="text-red-900">Revoke “{feed.label}”? Calendars subscribed to it stop updating.</p>
          <div className="mt-2 flex justify-end gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(feed.id, {
                  onSuccess: () => toast.success("Feed revoked", { description: feed.label }),
                })
              }
            >
              Revoke feed
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * "Subscribe": a private iCalendar feed of everything this calendar shows the user, for Google
 * Calendar, Outlook or Apple Calendar. The address is shown once (only its hash is kept).
 */
export function SubscribeDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const feeds = useQuery({ ...feedsQuery, enabled: open });
  const create = useCreateFeed();

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = label.trim();
    if (!value) return setError("Give the feed a name, such as “My phone”");
    if (value.length > FEED_LABEL_MAX) return setError(`At most ${FEED_LABEL_MAX} characters`);
    setError(null);
    create.mutate(value, {
      onSuccess: (feed) => {
        setCreated(feed.url);
        setLabel("");
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCreated(null);
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Rss aria-hidden /> Subscribe
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogTitle>Subscribe to your calendar</DialogTitle>
        <DialogDescription>
          A private address your calendar app reads: every event you see here, kept up to date.
        </DialogDescription>

        <form className="mt-4 grid gap-1.5" onSubmit={submit} noValidate>
          <Label htmlFor={id}>Feed name</Label>
          <div className="flex gap-2">
            <Input
              id={id}
              value={label}
              maxLength={FEED_LABEL_MAX + 1}
              placeholder="My phone"
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setLabel(e.target.value)}
            />
            <Button type="submit" className="shrink-0" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create feed"}
            </Button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </form>

        {created ? <NewFeedUrl url={created} /> : null}

        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium">How to add it to your calendar app</summary>
          <ul className="mt-2 grid gap-2 pl-1">
            <li>
              <strong>Google Calendar</strong> (on a computer): Other calendars → + → From URL, paste the address, Add
              calendar.
            </li>
            <li>
              <strong>Outlook</strong>: Add calendar → Subscribe from web, paste the address, Import.
            </li>
            <li>
              <strong>Apple Calendar</strong>: File → New Calendar Subscription (on iPhone: Settings → Calendar →
              Accounts → Add Account → Other → Add Subscribed Calendar), paste the address.
            </li>
          </ul>
          <p className="mt-2 text-muted-foreground">Calendar apps refresh subscriptions every few hours.</p>
        </details>

        <section aria-label="Your feeds" className="mt-4">
          <h3 className="text-sm font-semibold">Your feeds</h3>
          {feeds.isPending ? (
            <p className="mt-1 text-sm text-muted-foreground" role="status">
              Loading your feeds...
            </p>
          ) : feeds.isError ? (
            <LoadError what="your feeds" query={feeds} className="mt-2" />
          ) : feeds.data.length === 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">No feeds yet.</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {feeds.data.map((f) => (
                <FeedRow key={f.id} feed={f} />
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
