import MiniSearch, { type SearchResult } from "minisearch";

// The study assistant's retrieval (issue 16, ADR 021): passages from the resource library and the
// student's own records, indexed with MiniSearch (BM25+) and ranked for a question. Pure: no I/O,
// so the ranking is tested on a fixed library. An answer is composed only from what is found;
// when nothing relevant is found the caller says so rather than invent.

/** Something the assistant can cite: a resource, or one of the student's own pages. */
export type Source = { id: string; title: string; href: string; body: string; tags?: string[] };

export type Passage = {
  id: string;
  sourceId: string;
  title: string;
  href: string;
  section: string;
  text: string;
  tags: string;
};

/** A source's best passage, and at most one more of the same source that nearly matches as well. */
export type Hit = { passage: Passage; score: number; matched: number; more: Passage[] };

// Words that carry no meaning for a question ("what should I do before my ..."), dropped from the
// index and the query alike so they never make an unrelated passage look relevant.
const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by
  can could did do does doing don down during each few for from further get got had has have having he her here hers
  him his how i if in into is it its itself just know like make me more most much my myself need needs no nor not now
  of off on once only or other our ours out over own please same she should so some such tell than that the their
  them then there these they this those through to too under until up us very want was we well were what when where
  which while who whom why will with would you your yours yourself first good best thing things get getting expect
  ok okay hi hello thanks thank`.split(/\s+/),
);

/** Lower case, apostrophes out, a light plural/-ing stem, stop words dropped. */
export function processTerm(term: string): string | null {
  let t = term.toLowerCase().replace(/['’]s?$/, "");
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  if (t.length > 5 && t.endsWith("ies")) t = `${t.slice(0, -3)}y`;
  else if (t.length > 4 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us") && !t.endsWith("is"))
    t = t.slice(0, -1);
  if (t.length > 5 && t.endsWith("ing")) t = t.slice(0, -3);
  // 'give' and 'giving', 'prepare' and 'preparing' meet at the same stem.
  if (t.length > 3 && t.endsWith("e") && !t.endsWith("ee")) t = t.slice(0, -1);
  return t;
}

/** A source's text cut into passages: each '## ' section, or each paragraph when it has none. */
export function passagesOf(source: Source): Passage[] {
  const blocks = source.body
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const out: Passage[] = [];
  let section = "";
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length === 0) return;
    out.push({
      id: `${source.id}#${out.length}`,
      sourceId: source.id,
      title: source.title,
      href: source.href,
      section,
      text: buffer.join("\n\n"),
      tags: (source.tags ?? []).join(" "),
    });
    buffer = [];
  };
  for (const block of blocks) {
    const heading = /^#{1,3}\s+(.+)$/m.exec(block.split("\n")[0] ?? "");
    if (heading) {
      flush();
      section = heading[1].trim();
      const rest = block.split("\n").slice(1).join("\n").trim();
      if (rest) buffer.push(rest);
      continue;
    }
    buffer.push(block);
    // Sections without headings: a passage per paragraph, so one long guide is not one blob.
    if (!section) flush();
  }
  flush();
  if (out.length === 0 && source.title) {
    out.push({
      id: `${source.id}#0`,
      sourceId: source.id,
      title: source.title,
      href: source.href,
      section: "",
      text: source.title,
      tags: (source.tags ?? []).join(" "),
    });
  }
  return out;
}

export function buildIndex(sources: readonly Source[]) {
  const index = new MiniSearch<Passage>({
    fields: ["title", "section", "text", "tags"],
    storeFields: ["id"],
    processTerm,
    searchOptions: {
      boost: { title: 3, section: 1.5, tags: 1.5 },
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      combineWith: "OR",
    },
  });
  const passages = sources.flatMap(passagesOf);
  index.addAll(passages);
  return { index, passages: new Map(passages.map((p) => [p.id, p])) };
}
export type LibraryIndex = ReturnType<typeof buildIndex>;

/** The distinct meaningful terms of a question. */
export const queryTerms = (question: string) => [
  ...new Set(
    question
      .split(/[^\p{L}\p{N}'’-]+/u)
      .flatMap((w) => w.split("-"))
      .map(processTerm)
      .filter((t): t is string => t !== null),
  ),
];

/**
 * The best passage of each source for a question, best first (at most `limit` sources). A passage
 * counts only when it matches enough of the question's terms: half of them for short questions,
 * at least two for longer ones, so a lone shared word ("rotation") does not pass for an answer.
 */
export function retrieve(library: LibraryIndex, question: string, limit = 3): Hit[] {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  const results: SearchResult[] = library.index.search(terms.join(" "));
  const needed = terms.length <= 2 ? 1 : Math.min(2, Math.ceil(terms.length / 2));
  const bySource = new Map<string, { passage: Passage; score: number; matched: number }[]>();
  for (const r of results) {
    const passage = library.passages.get(r.id as string);
    if (!passage) continue;
    const matched = r.queryTerms.length;
    if (matched < needed) continue;
    const list = bySource.get(passage.sourceId) ?? [];
    list.push({ passage, score: r.score, matched });
    bySource.set(passage.sourceId, list);
  }
  const best = new Map<string, Hit>();
  for (const [sourceId, list] of bySource) {
    // Results come best first: the first is the source's best passage.
    const [top, next] = list;
    const more = next && next.score >= top.score * 0.6 ? [next.passage] : [];
    best.set(sourceId, { ...top, more });
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score);
  if (ranked.length === 0) return [];
  // Sources far below the best one are noise beside it.
  const floor = ranked[0].score * 0.35;
  return ranked.filter((h) => h.score >= floor).slice(0, limit);
}

export type Citation = { n: number; title: string; href: string };

/** Citations numbered in order of the hits. */
export const citationsOf = (hits: readonly Hit[]): Citation[] =>
  hits.map((h, i) => ({ n: i + 1, title: h.passage.title, href: h.passage.href }));

/** The 'Sources' block every answer ends with: one markdown link per cited source. */
export const sourcesBlock = (citations: readonly Citation[]) =>
  citations.length === 0 ? "" : `\n\nSources:\n${citations.map((c) => `[${c.n}] [${c.title}](${c.href})`).join("\n")}`;

const MAX_PASSAGE = 700;

/** At most MAX_PASSAGE characters, cut at a sentence end when there is one. */
export function excerpt(text: string, max = MAX_PASSAGE): string {
  const flat = text.replace(/\s*\n\s*/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

/**
 * The offline answer: the best passages, each with its citation mark, then the sources. Only
 * the library's own words: nothing is added that a passage does not say.
 */
export function composeAnswer(hits: readonly Hit[]): { text: string; citations: Citation[] } {
  const citations = citationsOf(hits);
  const parts = hits.flatMap((h, i) =>
    // The source's passages in the order the source has them.
    [h.passage, ...h.more]
      .sort((a, b) => passageOrder(a) - passageOrder(b))
      .map((p) => {
        const where = p.section ? `${p.title}, ${p.section}` : p.title;
        return `From "${where}": ${excerpt(p.text)} [${i + 1}]`;
      }),
  );
  const intro = hits.length === 1 ? "Here is what I found:" : "Here is what I found in your Learning Center:";
  return { text: `${intro}\n\n${parts.join("\n\n")}${sourcesBlock(citations)}`, citations };
}

const passageOrder = (p: Passage) => Number(p.id.slice(p.id.lastIndexOf("#") + 1));

/** The passages as the model's context, numbered as their citations. */
export const contextOf = (hits: readonly Hit[]) =>
  hits
    .flatMap((h, i) =>
      [h.passage, ...h.more].map(
        (p) => `[${i + 1}] ${p.title}${p.section ? ` — ${p.section}` : ""}\n${excerpt(p.text, 1500)}`,
      ),
    )
    .join("\n\n");
