import { Fragment } from "react";
import { Link } from "react-router";
import { inAppHref } from "@/web/lib/in-app-href";

// An assistant's answer as text: paragraphs, lines, and its citations' markdown links
// ('[Title](/student/learning?resource=…)'). Only links into the app become links (inAppHref);
// anything else a model or a quoted resource might write stays text, so an answer can never send a
// student to an outside page.

const LINK = /\[([^\]\n]+)\]\(([^\s)]+)\)/g;

function Line({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const path = inAppHref(href);
    parts.push(
      path === null ? (
        whole
      ) : (
        <Link key={at} to={path} className="font-medium text-primary underline underline-offset-2">
          {label}
        </Link>
      ),
    );
    last = at + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

export function AnswerText({ content }: { content: string }) {
  const paragraphs = content.split(/\n{2,}/);
  return (
    <div className="grid gap-2">
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered
        <p key={i} className="break-words">
          {p.split("\n").map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph, in order
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              <Line text={line} />
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
