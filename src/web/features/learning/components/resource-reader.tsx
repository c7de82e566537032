import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, ExternalLink } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { LoadError } from "@/web/components/list-page/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { myResourceFileUrl, myResourceQuery } from "../api";
import { DoneButton } from "./done-button";
import { ResourceBadges } from "./resource-badges";

// One resource, read in the Learning Center (?resource=<id>): what the assistant's citations open.

/** '## ' starts a section; blank lines separate paragraphs. */
function Body({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((b) => b.trim());
  return (
    <div className="grid max-w-prose gap-3 leading-relaxed">
      {blocks.map((block, i) => {
        const [first, ...rest] = block.split("\n");
        const heading = /^#{1,3}\s+(.+)$/.exec(first);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, in order, never reordered
          <div key={i} className="grid gap-2">
            {heading ? <h3 className="text-lg font-semibold">{heading[1]}</h3> : null}
            {(heading ? rest : [first, ...rest]).join(" ").trim() ? (
              <p>{(heading ? rest : [first, ...rest]).join(" ")}</p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

export function ResourceReader({ id }: { id: string }) {
  const query = useQuery(myResourceQuery(id));
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete("resource");
  if (!back.get("tab")) back.set("tab", "resources");
  const backLink = (
    <Link
      to={`?${back.toString()}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to the Learning Center
    </Link>
  );
  if (query.isPending) return <Loading label="Loading the resource..." />;
  if (query.isError) {
    return (
      <div className="grid gap-4">
        {backLink}
        {(query.error as { status?: number }).status === 404 ? (
          <EmptyState title="Resource not found">
            It may have been removed, or it belongs to another program.
          </EmptyState>
        ) : (
          <LoadError what="the resource" query={query} />
        )}
      </div>
    );
  }
  const r = query.data;
  return (
    <div className="grid gap-4">
      {backLink}
      <Card>
        <CardHeader className="gap-3">
          <CardTitle>{r.title}</CardTitle>
          <ResourceBadges resource={r} />
          {r.summary ? <p className="text-muted-foreground">{r.summary}</p> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {r.url ? (
            <a
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
            >
              Open the course or video <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {r.file ? (
            <a
              href={myResourceFileUrl(r.id)}
              download={r.file.name}
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
            >
              <Download className="size-4" aria-hidden /> Download {r.file.name}
              <span className="text-sm font-normal text-muted-foreground">
                ({r.file.contentType === "application/pdf" ? "PDF" : "image"},{" "}
                {Math.max(1, Math.round(r.file.size / 1024))} KB)
              </span>
            </a>
          ) : null}
          {r.body ? <Body text={r.body} /> : null}
          {r.specialties.length > 0 ? (
            <p className="text-sm text-muted-foreground">Specialties: {r.specialties.join(", ")}</p>
          ) : null}
          <DoneButton resource={r} />
        </CardContent>
      </Card>
    </div>
  );
}
