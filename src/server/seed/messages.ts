import type { messages } from "../db/schema/messages";
import { messageRow } from "../factories/messages";
import type { DemoAccounts } from "./accounts";
import type { ApplicationRow } from "./applications";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import type { PlacementPlan } from "./placements";
import { at, type Clock, DAY, fill, formatDate, HOUR, type Random } from "./random";
import type { StudentPlan } from "./students";

// Messages: coordination between coordinators, with students, and among administrators. Each one
// tells a story the data around it bears out.

type MessageRow = typeof messages.$inferInsert;

type World = {
  R: Random;
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  placements: PlacementPlan[];
  students: StudentPlan[];
  applications: ApplicationRow[];
};

type Send = (
  from: string,
  to: string,
  template: D.MessageTemplate,
  vars: Record<string, string | number>,
  ageHours: number,
  read?: boolean,
) => void;

export function planMessages(w: World): MessageRow[] {
  const rows: MessageRow[] = [];
  const nameOf = (key: string) => {
    const s = w.accounts.spec(key);
    return { first: s.first, full: `${s.first} ${s.last}`, org: s.organizationName };
  };
  const send: Send = (from, to, template, vars, ageHours, read) => {
    const all = {
      ...vars,
      first: nameOf(to).first,
      sender: nameOf(from).full,
      organization: nameOf(to).org,
      senderOrganization: nameOf(from).org,
    };
    rows.push(
      messageRow(w.accounts.user(from), w.accounts.user(to), {
        subject: fill(template.subject, all),
        content: fill(template.content, all),
        read: read ?? ageHours > 48,
        createdAt: at(w.clock.nowMs - ageHours * HOUR),
      }),
    );
  };
  coordinatorMessages(w, send);
  demoStudentMessages(w, send);
  administratorMessages(send);
  return rows;
}

/** What a message about placement `p` says to or from program `programIndex`. */
function placementVars(w: World, p: PlacementPlan, programIndex: number) {
  const programId = w.orgs.programs[programIndex].id;
  return {
    program: w.orgs.programs[programIndex].name,
    facility: w.orgs.facilities[p.facilityIndex].name,
    placement: p.title,
    department: p.departmentName,
    date: formatDate(p.start),
    count: Math.max(
      1,
      w.applications.filter((a) => a.placementId === p.id && a.status === "approved" && a.programId === programId)
        .length,
    ),
  };
}

/** Programs and facilities that work together (an approved student on a running or coming rotation) write. */
function coordinatorMessages(w: World, send: Send) {
  const { R } = w;
  const studentById = new Map(w.students.map((s) => [s.id, s]));
  const planById = new Map(w.placements.map((p) => [p.id, p]));
  const pairs = new Map<string, { pi: number; p: PlacementPlan }>();
  for (const a of w.applications) {
    const p = planById.get(a.placementId)!;
    if (a.status !== "approved" || p.kind === "past") continue;
    const pi = studentById.get(a.studentId)!.programIndex;
    const key = `${pi}:${p.facilityIndex}`;
    const known = pairs.get(key);
    // Messages talk about the next rotation to start; a running one only when none is ahead.
    const rank = (x: PlacementPlan) => (x.start > w.clock.today ? x.start : x.start + 100_000 * DAY);
    if (!known || rank(p) < rank(known.p)) pairs.set(key, { pi, p });
  }

  // The demo program and the demo facility talk the most.
  const demoPair = pairs.get("0:0");
  if (demoPair) {
    const v = placementVars(w, demoPair.p, 0);
    const programAges = [5, 30, 80, 200];
    const facilityAges = [2, 20, 60, 150, 320];
    for (const [i, t] of D.PROGRAM_TO_FACILITY.entries()) {
      send("program:0", "facility:0", t, v, programAges[i], i === 0 ? false : undefined);
    }
    for (const [i, t] of D.FACILITY_TO_PROGRAM.entries()) send("facility:0", "program:0", t, v, facilityAges[i]);
  }
  for (const { pi, p } of pairs.values()) {
    if (pi === 0 && p.facilityIndex === 0) continue;
    const v = placementVars(w, p, pi);
    send(`program:${pi}`, `facility:${p.facilityIndex}`, R.pick(D.PROGRAM_TO_FACILITY), v, R.int(6, 400));
    send(`facility:${p.facilityIndex}`, `program:${pi}`, R.pick(D.FACILITY_TO_PROGRAM), v, R.int(3, 380));
  }
}

/** student@demo.test and their coordinators, about their latest approved rotation. */
function demoStudentMessages(w: World, send: Send) {
  const demoStudent = w.students[0];
  const planById = new Map(w.placements.map((p) => [p.id, p]));
  const demoApproved = w.applications
    .filter((a) => a.studentId === demoStudent.id && a.status === "approved")
    .map((a) => planById.get(a.placementId)!)
    .sort((a, b) => b.start - a.start)[0];
  if (!demoApproved) return;
  const v = placementVars(w, demoApproved, 0);
  const [welcome, tb, badge, ehr] = D.STAFF_TO_STUDENT;
  send(`facility:${demoApproved.facilityIndex}`, "student", welcome, v, 4);
  send("program:0", "student", tb, v, 26);
  send(`facility:${demoApproved.facilityIndex}`, "student", badge, v, 70);
  send(`facility:${demoApproved.facilityIndex}`, "student", ehr, v, 140);
  const [schedule, bls] = D.STUDENT_TO_PROGRAM;
  send("student", "program:0", schedule, v, 9);
  send("student", "program:0", bls, v, 190);
}

/** Administrators: verifications, a renewal, pending organizations asking, the access request. */
function administratorMessages(send: Send) {
  const [verifiedTpl, renewalTpl] = D.ADMIN_TO_COORDINATOR;
  D.PROGRAMS.forEach((p, i) => {
    if (p.verified && i < 3) send("admin", `program:${i}`, verifiedTpl, {}, 24 * (300 - i * 20));
  });
  D.FACILITIES.forEach((f, i) => {
    if (f.verified && i < 4) send("admin", `facility:${i}`, verifiedTpl, {}, 24 * (290 - i * 15));
  });
  send("admin", "facility:0", renewalTpl, {}, 30, false);
  send("admin", "program:0", renewalTpl, {}, 24 * 12);
  D.PROGRAMS.forEach((p, i) => {
    if (!p.verified) send(`program:${i}`, "admin", D.COORDINATOR_TO_ADMIN[0], {}, 20);
  });
  D.FACILITIES.forEach((f, i) => {
    if (!f.verified) send(`facility:${i}`, "admin", D.COORDINATOR_TO_ADMIN[0], {}, 7);
  });
  send("admin", "superAdmin", D.ADMIN_TO_ADMIN[0], {}, 3);
  // Only a super admin decides access requests: the admin points the super admin to the pending one.
  send(
    "admin",
    "superAdmin",
    D.ADMIN_TO_ADMIN[1],
    {
      requester: `${D.DEMO_ACCESS_REQUEST.first} ${D.DEMO_ACCESS_REQUEST.last}`,
      requesterOrganization: D.DEMO_ACCESS_REQUEST.organizationName,
    },
    11,
  );
}
