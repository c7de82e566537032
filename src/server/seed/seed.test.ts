import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemStatus, studentStatus } from "../../domain/compliance";
import { NURSING_SPECIALTIES } from "../../domain/specialties";
import type { ComplianceStatus } from "../../domain/students";
import { createAccount } from "../features/accounts/service";
import { createFileStore } from "../lib/storage";
import { createTestApp, type TestApp } from "../testing/harness";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, FACILITIES, PROGRAMS } from "./data";
import { DEMO_PLACEMENT_ITEMS } from "./learning";
import { mulberry32 } from "./random";
import { demoWorldExists, type SeedCounts, seedDemoWorld, seedIfEmpty } from "./seed";

const US_STATES = new Set(
  (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA " +
    "RI SC SD TN TX UT VT VA WA WV WI WY DC"
  ).split(" "),
);

let t: TestApp;
let counts: SeedCounts;

async function rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  const res = (await t.deps.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
async function one(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(query);
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  counts = await seedDemoWorld(t.deps);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("seedDemoWorld", () => {
  it("reports what it created", () => {
    expect(counts.usersCreated).toBe(counts.users);
    expect(counts.placements).toBeGreaterThanOrEqual(80);
    expect(counts.students).toBe(200);
    expect(counts.applicationsByStatus.pending).toBeGreaterThan(0);
    expect(counts.applicationsByStatus.approved).toBeGreaterThan(0);
    expect(counts.applicationsByStatus.rejected).toBeGreaterThan(0);
    expect(counts.applicationsByStatus.withdrawn).toBeGreaterThan(0);
  });

  it("creates verified programs and facilities in real US states, plus one pending of each", async () => {
    const byKind = await rows<{ kind: string; status: string; n: number }>(sql`
      select kind, verification_status as status, count(*)::int as n from organizations group by 1, 2`);
    const n = (kind: string, status: string) => byKind.find((r) => r.kind === kind && r.status === status)?.n ?? 0;
    expect(n("program", "verified")).toBeGreaterThanOrEqual(4);
    expect(n("facility", "verified")).toBeGreaterThanOrEqual(12);
    expect(n("program", "pending")).toBe(1);
    expect(n("facility", "pending")).toBe(1);
    const orgs = await rows<{
      city: string | null;
      state: string | null;
      verified_at: Date | null;
      status: string;
    }>(sql`
      select city, state, verified_at, verification_status as status from organizations`);
    for (const o of orgs) {
      expect(o.city).toBeTruthy();
      expect(US_STATES.has(o.state ?? "")).toBe(true);
      expect(o.verified_at === null).toBe(o.status !== "verified");
    }
  });

  it("places every organization at its city's coordinates, and a few placements set a minimum GPA (issue 13)", async () => {
    const orgs = await rows<{ latitude: number | null; longitude: number | null }>(
      sql`select latitude, longitude from organizations`,
    );
    for (const o of orgs) {
      expect(o.latitude).toBeGreaterThan(24);
      expect(o.latitude).toBeLessThan(50);
      expect(o.longitude).toBeGreaterThan(-125);
      expect(o.longitude).toBeLessThan(-66);
    }
    const gpas = await rows<{ min_gpa: string }>(
      sql`select min_gpa::text as min_gpa from placements where min_gpa is not null and status = 'active'`,
    );
    expect(gpas.length).toBeGreaterThan(0);
    for (const g of gpas) expect(Number(g.min_gpa)).toBeGreaterThanOrEqual(2.5);
    expect(await one(sql`select count(*)::int as n from placements where min_gpa is null`)).toBeGreaterThan(40);
  });

  it("gives every facility departments with a specialty and a capacity", async () => {
    expect(
      await one(sql`select count(*)::int as n from organizations o where o.kind = 'facility'
        and not exists (select 1 from departments d where d.facility_id = o.id)`),
    ).toBe(0);
    const depts = await rows<{ specialty: string; capacity: number }>(sql`select specialty, capacity from departments`);
    for (const d of depts) {
      expect(NURSING_SPECIALTIES).toContain(d.specialty);
      expect(d.capacity).toBeGreaterThan(0);
    }
  });

  it("respects every department's seats on every day (issue 9)", async () => {
    // The busiest days are the first days of placements: the seats held there (an active
    // placement's capacity, a closed one's approved students) never exceed the department's.
    expect(
      await one(sql`select count(*)::int as n from placements p1 join departments d on d.id = p1.department_id
        where p1.status <> 'draft' and d.capacity < (
          select sum(case p2.status when 'active' then p2.capacity else p2.slots_filled end) from placements p2
          where p2.department_id = d.id and p2.status <> 'draft'
            and p2.start_date <= p1.start_date and p2.end_date >= p1.start_date)`),
    ).toBe(0);
  });

  it("creates at least 80 coherent placements across at least 10 specialties", async () => {
    expect(await one(sql`select count(*)::int as n from placements`)).toBeGreaterThanOrEqual(80);
    expect(
      await one(sql`select count(distinct specialty)::int as n from placements where status = 'active'`),
    ).toBeGreaterThanOrEqual(10);
    // Each is tied to one of its own facility's departments, with the department's specialty.
    expect(
      await one(sql`select count(*)::int as n from placements p left join departments d on d.id = p.department_id
        where d.id is null or d.facility_id <> p.facility_id or d.specialty <> p.specialty`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from placements
        where duration_weeks <> ceil((end_date - start_date) / 7.0)
           or cardinality(requirements) = 0 or description = '' or capacity < 1
           or slots_filled > capacity`),
    ).toBe(0);
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from placements group by 1`,
    );
    const s = Object.fromEntries(statuses.map((r) => [r.status, r.n]));
    expect(s.active).toBeGreaterThan((s.draft ?? 0) + (s.closed ?? 0));
    expect(s.draft).toBeGreaterThan(0);
    expect(s.closed).toBeGreaterThan(0);
    const active = (cond: SQL) =>
      one(sql`select count(*)::int as n from placements where status = 'active' and ${cond}`);
    expect(await active(sql`slots_filled = capacity`)).toBeGreaterThan(0);
    expect(await active(sql`capacity - slots_filled between 1 and 3`)).toBeGreaterThan(0);
    expect(await active(sql`start_date between current_date and current_date + 30`)).toBeGreaterThan(0);
    expect(await active(sql`start_date < current_date and end_date >= current_date`)).toBeGreaterThan(0);
    expect(await active(sql`start_date > current_date + 30`)).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*)::int as n from placements where status = 'closed' and end_date >= current_date`),
    ).toBe(0);
  });

  it("gives many active placements an application deadline 2–4 weeks before they start, none passed while open (issue 15)", async () => {
    const withDeadline = await one(
      sql`select count(*) as n from placements where status = 'active' and application_deadline is not null`,
    );
    expect(withDeadline).toBeGreaterThanOrEqual(20);
    const lead = await rows<{ days: number }>(
      sql`select distinct (start_date - application_deadline) as days from placements where application_deadline is not null order by 1`,
    );
    expect(lead.map((r) => Number(r.days))).toEqual([14, 21, 28]);
    // Every placement still offered today (not started) keeps taking applications for a week at least.
    const closingSoon = await one(
      sql`select count(*) as n from placements where status = 'active' and start_date > current_date
        and application_deadline < current_date + 7`,
    );
    expect(closingSoon).toBe(0);
  });

  it("creates 200 students, the first program having the most", async () => {
    const perProgram = await rows<{ name: string; n: number }>(sql`
      select o.name, count(s.id)::int as n from organizations o left join students s on s.program_id = o.id
      where o.kind = 'program' group by o.id, o.name order by n desc`);
    expect(perProgram.reduce((sum, r) => sum + r.n, 0)).toBe(200);
    expect(perProgram[0].name).toBe(PROGRAMS[0].name);
    expect(perProgram[0].n).toBeGreaterThanOrEqual(55);
    const list = await rows<{ gpa: string; specialty_interest: string; phone: string | null; compliance: string }>(sql`
      select gpa::text as gpa, specialty_interest, phone, compliance_status as compliance from students`);
    for (const st of list) {
      expect(st.gpa).toMatch(/^\d\.\d\d$/);
      expect(Number(st.gpa)).toBeGreaterThanOrEqual(2.5);
      expect(Number(st.gpa)).toBeLessThanOrEqual(4);
      expect(NURSING_SPECIALTIES).toContain(st.specialty_interest);
      expect(st.phone).toMatch(/^\(\d{3}\) 555-01\d\d$/);
    }
    expect(new Set(list.map((st) => st.compliance))).toEqual(new Set(["pending", "compliant", "incomplete"]));
  });

  it("creates applications in every status that respect capacity, programs and overlaps", async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from applications`);
    expect(new Set(statuses.map((r) => r.status))).toEqual(new Set(["pending", "approved", "rejected", "withdrawn"]));
    // The application carries the student's own program (D3).
    expect(
      await one(sql`select count(*)::int as n from applications a join students s on s.id = a.student_id
        where a.program_id <> s.program_id`),
    ).toBe(0);
    // Decided ones carry their review.
    expect(
      await one(sql`select count(*)::int as n from applications where status in ('approved', 'rejected')
        and (reviewed_at is null or review_notes is null or reviewed_at < submitted_at)`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from applications where status = 'withdrawn' and withdrawn_at is null`),
    ).toBe(0);
    // slots_filled is the number of approved applications (D8).
    expect(
      await one(sql`select count(*)::int as n from placements p where p.slots_filled <>
        (select count(*) from applications a where a.placement_id = p.id and a.status = 'approved')`),
    ).toBe(0);
    // No student holds two approved placements whose dates overlap (D7).
    expect(
      await one(sql`select count(*)::int as n from applications a1
        join applications a2 on a2.student_id = a1.student_id and a2.id < a1.id
        join placements p1 on p1.id = a1.placement_id join placements p2 on p2.id = a2.placement_id
        where a1.status = 'approved' and a2.status = 'approved'
          and p1.start_date <= p2.end_date and p2.start_date <= p1.end_date`),
    ).toBe(0);
    // Nothing applies to a draft, and pending applications are for rotations that have not started.
    expect(
      await one(sql`select count(*)::int as n from applications a join placements p on p.id = a.placement_id
        where p.status = 'draft' or (a.status = 'pending' and p.start_date <= current_date)`),
    ).toBe(0);
    // Students of the pending program cannot apply yet.
    expect(
      await one(sql`select count(*)::int as n from applications a join organizations o on o.id = a.program_id
        where o.verification_status <> 'verified'`),
    ).toBe(0);
    // Submitted after the student was added, and not in the future.
    expect(
      await one(sql`select count(*)::int as n from applications a join students s on s.id = a.student_id
        where a.submitted_at < s.created_at or a.submitted_at > now()
           or a.reviewed_at > now() or a.withdrawn_at > now()`),
    ).toBe(0);
  });

  it("gives the first facility placements and applications in every status", async () => {
    const statuses = await rows<{ status: string }>(sql`
      select distinct a.status from applications a join placements p on p.id = a.placement_id
      join organizations o on o.id = p.facility_id where o.name = ${FACILITIES[0].name}`);
    expect(new Set(statuses.map((r) => r.status))).toEqual(new Set(["pending", "approved", "rejected", "withdrawn"]));
  });

  it("sends messages, some unread for every demo account", async () => {
    expect(await one(sql`select count(*)::int as n from messages`)).toBeGreaterThanOrEqual(50);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const unread = await one(sql`select count(*)::int as n from messages m join users u on u.id = m.recipient_id
        where lower(u.email) = ${account.email} and not m.read`);
      expect(unread, account.email).toBeGreaterThan(0);
    }
    expect(await one(sql`select count(*)::int as n from messages where sender_id = recipient_id`)).toBe(0);
    // Nothing happens before the accounts involved existed, or in the future.
    expect(
      await one(sql`select count(*)::int as n from messages m join users s on s.id = m.sender_id
        join users r on r.id = m.recipient_id
        where m.created_at < s.created_at or m.created_at < r.created_at or m.created_at > now()`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from applications a join users u on u.id = a.submitted_by
        where a.submitted_at < u.created_at`),
    ).toBe(0);
    expect(await one(sql`select count(*)::int as n from messages where content ~ '\\{[a-z]+\\}'`)).toBe(0);
  });

  it("tells no story the data contradicts (issue 9)", async () => {
    expect(
      await one(
        sql`select count(*)::int as n from messages where content ~ '\\{[A-Za-z]+\\}' or subject ~ '\\{[A-Za-z]+\\}'`,
      ),
    ).toBe(0);
    // "Verification of X" names the sender's own organization, never the platform.
    const verification = await rows<{ subject: string; org: string }>(sql`
      select m.subject, p.organization_name as org from messages m join profiles p on p.user_id = m.sender_id
      where m.subject like 'Verification of %'`);
    expect(verification.length).toBeGreaterThan(0);
    for (const v of verification) expect(v.subject).toBe(`Verification of ${v.org}`);
    expect(
      await one(sql`select count(*)::int as n from messages where subject like '%of Clinical Placement Portal%'`),
    ).toBe(0);
    // The message about an access request goes to the super admin, who has that request pending.
    const [announced] = await rows<{ recipient: string; content: string }>(sql`
      select u.email as recipient, m.content from messages m join users u on u.id = m.recipient_id
      where m.subject = 'Access request from a new administrator'`);
    expect(announced.recipient).toBe(DEMO_ACCOUNTS.superAdmin.email);
    const pending = await rows<{ name: string; org: string }>(sql`
      select p.full_name as name, r.organization_name as org from admin_access_requests r
      join profiles p on p.user_id = r.user_id where r.status = 'pending'`);
    expect(pending).toHaveLength(1);
    expect(announced.content).toContain(`${pending[0].name} of ${pending[0].org}`);
    // The requester holds no role until a super admin decides.
    expect(
      await one(
        sql`select count(*)::int as n from user_roles ur join admin_access_requests r on r.user_id = ur.user_id`,
      ),
    ).toBe(0);
  });

  it("gives every account a profile with its organization, and every coordinator a membership", async () => {
    expect(
      await one(sql`select count(*)::int as n from users u left join profiles p on p.user_id = u.id
        where p.user_id is null or p.organization_name = ''`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from organizations o
        where not exists (select 1 from memberships m where m.organization_id = o.id)`),
    ).toBe(0);
  });

  it("lets every demo account sign in with its role and organization", async () => {
    const expected = [
      { ...DEMO_ACCOUNTS.superAdmin, role: "super_admin", org: null },
      { ...DEMO_ACCOUNTS.admin, role: "admin", org: null },
      { ...DEMO_ACCOUNTS.program, role: "program", org: { kind: "program", name: PROGRAMS[0].name } },
      { ...DEMO_ACCOUNTS.facility, role: "facility", org: { kind: "facility", name: FACILITIES[0].name } },
      { ...DEMO_ACCOUNTS.student, role: "student", org: null },
    ];
    for (const e of expected) {
      const cookie = await t.signIn(e.email, DEMO_PASSWORD);
      const me = await t.call("GET", "/api/accounts/me", { cookie });
      expect(me.status, e.email).toBe(200);
      expect(me.json.role).toBe(e.role);
      expect(me.json.user.name).toBe(`${e.first} ${e.last}`);
      expect(me.json.profile.organizationName).not.toBe("");
      if (e.org) expect(me.json.organization).toMatchObject({ ...e.org, verificationStatus: "verified" });
      else expect(me.json.organization).toBeNull();
      if (e.role === "student") expect(me.json.studentId).toBeTruthy();
    }
  });

  it("gives student@demo.test a roster entry of the first program and applications in several statuses", async () => {
    const [st] = await rows<{ program: string; email: string; compliance: string }>(sql`
      select o.name as program, s.email, s.compliance_status as compliance from student_users su
      join users u on u.id = su.user_id join students s on s.id = su.student_id
      join organizations o on o.id = s.program_id where u.email = ${DEMO_ACCOUNTS.student.email}`);
    expect(st).toMatchObject({ program: PROGRAMS[0].name, email: DEMO_ACCOUNTS.student.email });
    const statuses = await rows<{ status: string }>(sql`
      select distinct a.status from applications a join students s on s.id = a.student_id
      where s.email = ${DEMO_ACCOUNTS.student.email}`);
    const set = new Set(statuses.map((r) => r.status));
    expect(set.has("approved")).toBe(true);
    expect(set.size).toBeGreaterThanOrEqual(3);
  });

  it("gives the demo student's current approved rotation its own checklist items (issue 16)", async () => {
    const items = await rows<{ title: string; status: string; end_date: string }>(sql`
      select i.title, a.status, p.end_date::text as end_date from placement_checklist_items i
      join placements p on p.id = i.placement_id
      join applications a on a.placement_id = p.id
      join students s on s.id = a.student_id
      where s.email = ${DEMO_ACCOUNTS.student.email} order by i.created_at`);
    expect(items.map((i) => i.title)).toEqual(DEMO_PLACEMENT_ITEMS.map((i) => i.title));
    expect(items.every((i) => i.status === "approved" && i.end_date >= new Date().toISOString().slice(0, 10))).toBe(
      true,
    );
  });

  it("gives every student compliance records that derive the status the roster shows (issue 12, D6)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const students = await rows<{ id: string; compliance_status: ComplianceStatus; program_id: string }>(
      sql`select id, compliance_status, program_id from students`,
    );
    const required = await rows<{ program_id: string; requirement_type_id: string }>(
      sql`select program_id, requirement_type_id from program_requirements`,
    );
    const docs = await rows<{
      student_id: string;
      requirement_type_id: string;
      status: "submitted" | "approved" | "rejected";
      issued_on: string | null;
      expires_on: string | null;
    }>(
      sql`select student_id, requirement_type_id, status, issued_on::text, expires_on::text from compliance_documents where is_current`,
    );
    const current = new Map(docs.map((d) => [`${d.student_id}:${d.requirement_type_id}`, d]));
    const seen = new Set<string>();
    for (const s of students) {
      const items = required
        .filter((r) => r.program_id === s.program_id)
        .map((r) => {
          const d = current.get(`${s.id}:${r.requirement_type_id}`);
          return itemStatus(d ? { status: d.status, issuedOn: d.issued_on, expiresOn: d.expires_on } : null, today);
        });
      for (const i of items) seen.add(i);
      expect(studentStatus(items), s.id).toBe(s.compliance_status);
    }
    // Every state an item can be in is shown somewhere in the demo world.
    expect([...seen].sort()).toEqual(["approved", "expired", "expiring", "missing", "rejected", "submitted"]);
    expect(counts.complianceDocuments).toBe(await one(sql`select count(*) as n from compliance_documents`));
    // Files are where the rows say.
    const keys = await rows<{ file_key: string }>(sql`select distinct file_key from compliance_documents`);
    const files = createFileStore(t.deps.env);
    for (const k of keys.slice(0, 20)) expect(await files.get(k.file_key), k.file_key).not.toBeNull();
  });

  it("gives the first program and facility affiliation agreements in every status (issue 17)", async () => {
    const found = await rows<{ status: string }>(sql`
      select case when a.stage <> 'executed' then a.stage::text
        when a.end_date < current_date then 'expired'
        when a.end_date - current_date <= 90 then 'expiring' else 'active' end as status
      from affiliation_agreements a join organizations p on p.id = a.program_id
      where p.name = (select name from organizations where kind = 'program' order by created_at limit 1)`);
    expect([...new Set(found.map((r) => r.status))].sort()).toEqual([
      "active",
      "draft",
      "expired",
      "expiring",
      "terminated",
    ]);
    expect(counts.agreements).toBe(await one(sql`select count(*) as n from affiliation_agreements`));
    expect(await one(sql`select count(*) as n from facility_agreement_settings where require_agreement`)).toBe(1);
  });

  it("gives the first facility two preceptors, the demo student's rotations precepted, and an open invitation (issue 17)", async () => {
    const cookie = await t.signIn(DEMO_ACCOUNTS.preceptor.email, DEMO_PASSWORD);
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.role).toBe("preceptor");
    expect(me.json.organization).toMatchObject({ kind: "facility", name: FACILITIES[0].name });
    const mine = await t.call("GET", "/api/preceptors/rotations?pageSize=100", { cookie });
    const students = mine.json.items.map((r: { student: { name: string } }) => r.student.name);
    expect(students).toContain(`${DEMO_ACCOUNTS.student.first} ${DEMO_ACCOUNTS.student.last}`);
    expect(mine.json.byStatus.ended + mine.json.byStatus.current + mine.json.byStatus.upcoming).toBe(mine.json.total);
    expect(
      await one(sql`select count(*)::int as n from memberships m join organizations o on o.id = m.organization_id
        where m.role = 'preceptor' and o.name = ${FACILITIES[0].name}`),
    ).toBe(2);
    const facility = await t.signIn(DEMO_ACCOUNTS.facility.email, DEMO_PASSWORD);
    const unassigned = await t.call("GET", "/api/preceptors/rotations?unassigned=true", { cookie: facility });
    expect(unassigned.json.total).toBeGreaterThan(0);
    const invitations = await t.call("GET", "/api/preceptors/invitations", { cookie: facility });
    expect(invitations.json.items.map((i: { state: string }) => i.state)).toEqual(["pending"]);
  });

  it("gives the demo student and other students hour logs in every state, and the programs required hours (issue 17)", async () => {
    const demo = await rows<{ status: string; n: number }>(sql`
      select h.status::text as status, count(*)::int as n from hour_logs h
        join student_users su on su.student_id = h.student_id join users u on u.id = su.user_id
       where u.email = 'student@demo.test' group by h.status order by 1`);
    expect(demo.map((r) => r.status)).toEqual(["approved", "returned", "submitted"]);
    expect(await one(sql`select count(*) as n from hour_logs where status = 'returned' and review_note is null`)).toBe(
      0,
    );
    expect(await one(sql`select count(distinct student_id) as n from hour_logs`)).toBeGreaterThan(5);
    expect(counts.hourLogs).toBe(await one(sql`select count(*) as n from hour_logs`));
    // No entry of a student overlaps another (the rule the API keeps) and none is in the future.
    const overlaps = await one(sql`
      select count(*) as n from hour_logs a join hour_logs b on a.student_id = b.student_id and a.id < b.id
       where (a.work_date + make_interval(mins => a.start_minute)) < (b.work_date + make_interval(mins => b.start_minute + b.minutes))
         and (b.work_date + make_interval(mins => b.start_minute)) < (a.work_date + make_interval(mins => a.start_minute + a.minutes))`);
    expect(overlaps).toBe(0);
    expect(await one(sql`select count(*) as n from hour_logs where work_date >= current_date`)).toBe(0);
    const required = await rows<{ specialty: string; hours: number }>(sql`
      select r.specialty, r.hours from program_hour_requirements r join organizations p on p.id = r.program_id
       join students s on s.program_id = p.id where lower(s.email) = 'student@demo.test' order by r.specialty`);
    expect(required).toEqual([
      { specialty: "", hours: 90 },
      { specialty: "Intensive Care (ICU)", hours: 120 },
    ]);
  });

  it("seedIfEmpty leaves a database with organizations alone", async () => {
    const before = await one(sql`select count(*)::int as n from placements`);
    expect(await demoWorldExists(t.deps)).toBe(true);
    expect(await seedIfEmpty(t.deps)).toBeNull();
    expect(await one(sql`select count(*)::int as n from placements`)).toBe(before);
    expect(await one(sql`select count(*)::int as n from organizations`)).toBe(counts.organizations);
  });
});

describe("seedIfEmpty on an empty database", () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t2.close();
  });

  it("seeds the same world again (deterministic), reusing a demo account that exists already", async () => {
    // As after a seed that failed half-way: the account exists, the world does not.
    await createAccount(t2.deps, {
      email: DEMO_ACCOUNTS.admin.email,
      password: "Kept-password-1",
      fullName: "Kept Admin",
    });
    expect(await demoWorldExists(t2.deps)).toBe(false);
    const again = await seedIfEmpty(t2.deps);
    expect(again).not.toBeNull();
    const { ms: _a, usersCreated: _c, ...first } = counts;
    const { ms: _b, usersCreated, ...second } = again!;
    expect(second).toEqual(first);
    expect(usersCreated).toBe(counts.users - 1);
    expect(await demoWorldExists(t2.deps)).toBe(true);
    // Its password was left alone, and it got its role.
    const cookie = await t2.signIn(DEMO_ACCOUNTS.admin.email, "Kept-password-1");
    const me = await t2.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.role).toBe("admin");
    expect(me.json.profile).toEqual({ fullName: "Kept Admin", organizationName: "Clinical Placement Portal" });
  }, 120_000);
});

describe("mulberry32", () => {
  it("repeats its sequence for a seed and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
