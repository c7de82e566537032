import { and, eq, inArray } from "drizzle-orm";
import type { AgreementSide } from "../../../domain/agreements";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { memberships, organizations } from "../../db/schema/organizations";
import { mailHtml } from "../../lib/mail";
import { enqueueMails } from "../../lib/mail-queue";

// Who is told of an agreement's signing and amendments: the coordinators of the side whose turn it
// now is (or who should know the other side answered), by mail through the queue (ADR 015), in the
// transaction of the step itself: a refused or rolled-back step tells nobody.

const PAGES: Record<AgreementSide, string> = { program: "/agreements", facility: "/dashboard/facility/agreements" };

export type AgreementNotice = {
  subject: (names: Record<AgreementSide, string>) => string;
  lines: (names: Record<AgreementSide, string>) => string[];
};

export async function noticeToSide(
  tx: DbOrTx,
  appUrl: string,
  agreement: { programId: string; facilityId: string },
  to: AgreementSide,
  notice: AgreementNotice,
) {
  const recipientOrg = to === "program" ? agreement.programId : agreement.facilityId;
  const [orgs, people] = await Promise.all([
    tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, [agreement.programId, agreement.facilityId])),
    tx
      .select({ email: users.email, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      // Coordinators only: a facility's preceptors have no part in its agreements.
      .where(and(eq(memberships.organizationId, recipientOrg), eq(memberships.role, "coordinator"))),
  ]);
  if (people.length === 0) return;
  const nameOf = (id: string) => orgs.find((o) => o.id === id)?.name ?? "";
  const names = { program: nameOf(agreement.programId), facility: nameOf(agreement.facilityId) };
  const subject = notice.subject(names);
  const lines = notice.lines(names);
  const link = `${appUrl}${PAGES[to]}`;
  await enqueueMails(
    tx,
    people.map((p) => ({
      to: p.email,
      subject,
      text: `Hello ${p.name},\n\n${lines.join("\n\n")}\n\nYour agreements: ${link}`,
      html: mailHtml(subject, [`Hello ${p.name},`, ...lines], { label: "Open agreements", url: link }),
      link,
    })),
  );
}
