import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { mailOutbox } from "../../db/schema/mail";
import { adminAccessRequests, profiles } from "../../db/schema/organizations";
import { grantRole } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict, notFound } from "../../lib/errors";
import { mailHtml, redactMail } from "../../lib/mail";
import { likePattern } from "../../lib/pagination";

export type AccessRequestStatus = "pending" | "approved" | "denied";

export async function listAccessRequests(
  deps: Deps,
  q: { status?: AccessRequestStatus; search?: string; page: number; pageSize: number },
) {
  const where = and(
    q.status ? eq(adminAccessRequests.status, q.status) : undefined,
    q.search
      ? or(
          ilike(profiles.fullName, likePattern(q.search)),
          ilike(users.email, likePattern(q.search)),
          ilike(adminAccessRequests.organizationName, likePattern(q.search)),
        )
      : undefined,
  );
  const base = deps.db
    .select({
      id: adminAccessRequests.id,
      userId: adminAccessRequests.userId,
      email: users.email,
      fullName: profiles.fullName,
      organizationName: adminAccessRequests.organizationName,
      status: adminAccessRequests.status,
      createdAt: adminAccessRequests.createdAt,
      reviewedAt: adminAccessRequests.reviewedAt,
    })
    .from(adminAccessRequests)
    .innerJoin(users, eq(users.id, adminAccessRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, adminAccessRequests.userId))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(sql`${adminAccessRequests.status} = 'pending' desc`, desc(adminAccessRequests.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db
      .select({ n: count() })
      .from(adminAccessRequests)
      .innerJoin(users, eq(users.id, adminAccessRequests.userId))
      .leftJoin(profiles, eq(profiles.userId, adminAccessRequests.userId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      fullName: r.fullName ?? r.email,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    })),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A super admin approves (grants `admin`) or denies a pending request, and the requester is told by mail. */
export async function decideAccessRequest(deps: Deps, viewer: Viewer, id: string, decision: "approved" | "denied") {
  await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, id)).for("update");
    if (!request) throw notFound("Access request");
    if (request.status !== "pending") throw conflict(`This request was already ${request.status}`);
    await tx
      .update(adminAccessRequests)
      .set({ status: decision, reviewedBy: viewer.userId, reviewedAt: new Date() })
      .where(eq(adminAccessRequests.id, id));
    if (decision === "approved") await grantRole(tx, request.userId, "admin");
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, request.userId));
    if (!user) throw new AppError("not_found", "Requester not found", 404);
    // Queued with the decision (ADR 015): sent once it commits, retried if the SMTP server fails.
    await mailAccessDecision(deps, tx, user, decision);
  });
  return { id, status: decision };
}

async function mailAccessDecision(
  deps: Deps,
  tx: Tx,
  outcome: { email: string; name: string },
  decision: "approved" | "denied",
) {
  const approved = decision === "approved";
  const signIn = `${deps.env.appUrl}/auth`;
  await deps.jobs.enqueueMail(tx, {
    to: outcome.email,
    subject: approved ? "Your administrator access was approved" : "Your administrator access request was declined",
    text: approved
      ? `Hello ${outcome.name},\n\nA super admin approved your administrator access. Sign in: ${signIn}`
      : `Hello ${outcome.name},\n\nA super admin declined your request for administrator access. If you think this is a mistake, contact your platform's super admin.`,
    html: mailHtml(
      approved ? "Administrator access approved" : "Administrator access declined",
      [
        `Hello ${outcome.name},`,
        approved
          ? "A super admin approved your administrator access."
          : "A super admin declined your request for administrator access. If you think this is a mistake, contact your platform's super admin.",
      ],
      approved ? { label: "Sign in", url: signIn } : undefined,
    ),
    link: approved ? signIn : undefined,
  });
}

/** The dev mailbox (D11): mail kept when no SMTP server is configured, never with a live secret (issue 8, item 7). */
export async function listMailbox(deps: Deps, q: { to?: string; limit: number }) {
  const rows = await deps.db
    .select()
    .from(mailOutbox)
    .where(q.to ? eq(sql`lower(${mailOutbox.to})`, q.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(q.limit);
  // Stored mail carries no live secret (the mailer redacts them); older rows are redacted here too.
  return rows.map((r) => ({ ...r, ...redactMail(r), createdAt: r.createdAt.toISOString() }));
}
