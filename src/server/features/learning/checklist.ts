import { and, eq } from "drizzle-orm";
import {
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  CHECKLIST_REQUIREMENT_TYPES,
  type ChecklistItem,
  checklistShare,
  isSelfChecklistItem,
  type SelfChecklistItem,
} from "../../../domain/learning";
import type { Db } from "../../db/client";
import { learningChecklist } from "../../db/schema/learning";
import type { StudentScope } from "../../lib/access";
import { invalid } from "../../lib/errors";
import { studentCompliance } from "../compliance/student-compliance";
import { placementSectionsOf } from "./placement-items";

// The preparation checklist (issue 16), saved per student. Immunizations, background check and CPR
// certification are what compliance tracks: they are ticked from the student's approved current
// documents (read through the compliance feature's own service, never its tables) and link to
// them. Orientation and uniform are ticked by the student and kept in learning_checklist.

const COMPLIANCE_PAGE = "/student/compliance";

type Requirement = {
  typeId: string;
  name: string;
  status: string;
  documentId: string | null;
  fileName: string | null;
  fileHref: string | null;
};
export type ChecklistEntry = {
  item: ChecklistItem;
  label: string;
  description: string;
  source: "student" | "compliance" | "not_required";
  checked: boolean;
  checkedAt: string | null;
  href: string | null;
  requirements: Requirement[];
};
const TICKED = new Set(["approved", "expiring"]);

export async function checklistOf(db: Db, scope: StudentScope) {
  const [compliance, ticked, placements] = await Promise.all([
    studentCompliance(db, scope.studentId),
    db
      .select({ item: learningChecklist.item, checkedAt: learningChecklist.checkedAt })
      .from(learningChecklist)
      .where(eq(learningChecklist.studentId, scope.studentId)),
    placementSectionsOf(db, scope),
  ]);
  const self = new Map(ticked.map((t) => [t.item, t.checkedAt]));
  const items = CHECKLIST_ITEMS.map((item: ChecklistItem): ChecklistEntry => {
    const { label, description } = CHECKLIST_LABELS[item];
    if (isSelfChecklistItem(item)) {
      const at = self.get(item) ?? null;
      return {
        item,
        label,
        description,
        source: "student",
        checked: at !== null,
        checkedAt: at?.toISOString() ?? null,
        href: null,
        requirements: [],
      };
    }
    const required = compliance.items.filter((i) => CHECKLIST_REQUIREMENT_TYPES[item](i.type));
    const requirements = required.map(
      (r): Requirement => ({
        typeId: r.type.id,
        name: r.type.name,
        status: r.status,
        documentId: r.current?.id ?? null,
        fileName: r.current?.fileName ?? null,
        // The student's own copy, served by the compliance feature's authorized route.
        fileHref: r.current ? `/api/compliance/documents/${r.current.id}/file` : null,
      }),
    );
    return {
      item,
      label,
      description,
      // None of these types is required by the program: nothing to do for it.
      source: required.length === 0 ? "not_required" : "compliance",
      checked: required.every((r) => TICKED.has(r.status)),
      checkedAt: null,
      href: COMPLIANCE_PAGE,
      requirements,
    };
  });
  // Progress counts the placements' own items too (issue 16: "a placement can add its own items").
  const own = placements.flatMap((p) => p.items);
  const done = items.filter((i) => i.checked).length + own.filter((i) => i.checked).length;
  const total = items.length + own.length;
  return { items, placements, done, total, share: checklistShare(done, total) };
}

/** Ticks (or unticks) an item the student ticks themselves; the others come from compliance (422). */
export async function tickItem(db: Db, scope: StudentScope, item: string, checked: boolean) {
  if (!isSelfChecklistItem(item)) {
    const known = (CHECKLIST_ITEMS as readonly string[]).includes(item);
    throw invalidItem(
      known
        ? "This item is ticked from your approved compliance documents: upload them on My Compliance"
        : "Unknown checklist item",
    );
  }
  await setSelfItem(db, scope.studentId, item, checked);
  return checklistOf(db, scope);
}

async function setSelfItem(db: Db, studentId: string, item: SelfChecklistItem, checked: boolean) {
  if (checked) {
    await db
      .insert(learningChecklist)
      .values({ studentId, item })
      .onConflictDoNothing({ target: [learningChecklist.studentId, learningChecklist.item] });
  } else {
    await db
      .delete(learningChecklist)
      .where(and(eq(learningChecklist.studentId, studentId), eq(learningChecklist.item, item)));
  }
}

const invalidItem = (message: string) => invalid([{ path: "item", message }]);
