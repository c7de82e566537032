import { describe, expect, it } from "vitest";
import { NOTHING_FOUND } from "../../../domain/learning";
import { SHARED_LIBRARY } from "../../seed/learning-library";
import { buildIndex, composeAnswer, excerpt, passagesOf, queryTerms, retrieve, type Source } from "./retrieval";

// Issue 16: the study assistant's ranking on a fixed library (the demo world's shared one): for
// each of 20 questions written for this test, the right resource comes first.

const sources: Source[] = SHARED_LIBRARY.map((e) => ({
  id: e.key,
  title: e.title,
  href: `/student/learning?resource=${e.key}`,
  body: `${e.summary}\n\n${e.body}`,
  tags: e.specialties,
}));
const library = buildIndex(sources);

const QUESTIONS: [string, string][] = [
  ["How do I give a good SBAR handoff report?", "sbar"],
  ["What should I expect on a pediatrics rotation?", "pediatrics"],
  ["What immunizations do I need before my placement?", "immunizations"],
  ["How long is my BLS card valid?", "bls"],
  ["What shoes and uniform should I wear?", "what-to-bring"],
  ["When do I wash my hands with soap instead of sanitizer?", "hand-hygiene"],
  ["Can I post about my clinical day on social media?", "hipaa"],
  ["What happens if my background check has a finding?", "background-check"],
  ["What are the rights of medication administration?", "medication-safety"],
  ["Which respiratory rate change means a patient is deteriorating?", "vital-signs"],
  ["How do I assess a postpartum mother's fundus and lochia?", "obstetrics"],
  ["What is a normal fetal heart rate baseline?", "obstetrics"],
  ["What ventilator settings should I review before ICU?", "icu"],
  ["How does triage work in the emergency department?", "emergency"],
  ["How should I talk to a patient about suicide on the psych unit?", "psych"],
  ["What are neutropenic precautions?", "oncology"],
  ["I got a needlestick, what do I do?", "sharps-injury"],
  ["How do I keep sterile technique in the operating room?", "or"],
  ["How can I prevent falls and recognize delirium in older adults?", "geriatrics"],
  ["What should I do if I will be late or sick for a shift?", "professionalism"],
];

describe("retrieval ranking (issue 16)", () => {
  it.each(QUESTIONS)("%s → %s first", (question, expected) => {
    const hits = retrieve(library, question);
    expect(hits.map((h) => h.passage.sourceId)[0], JSON.stringify(hits.map((h) => [h.passage.sourceId, h.score]))).toBe(
      expected,
    );
  });

  it("finds nothing for questions the library does not cover (the caller then says so)", () => {
    for (const q of ["What is the capital of France?", "Who won the football game last night?", "   ", "what is it?"]) {
      expect(retrieve(library, q), q).toEqual([]);
    }
    expect(NOTHING_FOUND).toMatch(/won't guess/);
  });

  it("drops stop words and stems plurals", () => {
    expect(queryTerms("What are the immunizations I need?")).toEqual(["immunization"]);
    expect(queryTerms("Preparing for rotations")).toEqual(["prepar", "rotation"]);
  });

  it("cuts a guide into its sections, each citing its source", () => {
    const passages = passagesOf(sources.find((s) => s.id === "sbar") as Source);
    expect(passages.map((p) => p.section)).toEqual([
      "",
      "What SBAR stands for",
      "Giving a good SBAR report",
      "Practice tips",
    ]);
    expect(new Set(passages.map((p) => p.href))).toEqual(new Set(["/student/learning?resource=sbar"]));
  });

  it("composes an answer only from the passages found, each with its citation and a sources block", () => {
    const hits = retrieve(library, "How do I give a good SBAR handoff report?");
    const { text, citations } = composeAnswer(hits);
    expect(citations[0]).toEqual({
      n: 1,
      title: "SBAR Handoff Communication",
      href: "/student/learning?resource=sbar",
    });
    expect(text).toContain("Situation: who you are");
    expect(text).toContain("[1]");
    expect(text).toMatch(/Sources:\n\[1\] \[SBAR Handoff Communication\]\(\/student\/learning\?resource=sbar\)/);
    // Every sentence of the answer's body comes from the library.
    const body = text.split("\n\nSources:")[0];
    for (const part of body.split("\n\n").slice(1)) {
      const quoted = part
        .replace(/^From "[^"]+": /, "")
        .replace(/ \[\d+\]$/, "")
        .replace(/…$/, "");
      expect(sources.some((s) => s.body.replace(/\s*\n\s*/g, " ").includes(quoted.slice(0, 200)))).toBe(true);
    }
  });

  it("cuts long passages at a sentence end", () => {
    const long = `${"A sentence here. ".repeat(60)}`;
    const cut = excerpt(long, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith(".")).toBe(true);
  });
});
