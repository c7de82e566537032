import type { AgreementContact } from "../../domain/agreements";
import type { affiliationAgreements, facilityAgreementSettings } from "../db/schema/agreements";
import { makeDemoPdf } from "../factories/documents";
import type { DemoFile } from "./compliance";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY, dayString } from "./random";

// The demo world's affiliation agreements (issue 17): every status for the first program (with
// the first facilities) and for the first facility (with the other programs), so program@demo.test
// and facility@demo.test each see them all, and one facility that requires an agreement
// the first program lacks, so the program's placement search shows the reason. Deterministic: no
// draw from the PRNG (the rest of the world stays the same), dates relative to today.

type AgreementRow = typeof affiliationAgreements.$inferInsert;
type SettingRow = typeof facilityAgreementSettings.$inferInsert;

export type AgreementPlan = { rows: AgreementRow[]; settings: SettingRow[]; files: DemoFile[] };

const contactsFor = (program: string, facility: string): AgreementContact[] => [
  {
    side: "program",
    name: "Dana Whitfield",
    email: "clinical.placements@demo.test",
    phone: "+1 555 0142",
    role: `Clinical coordinator, ${program}`,
  },
  {
    side: "facility",
    name: "Morgan Ellis",
    email: "education@demo.test",
    phone: "+1 555 0188",
    role: `Clinical education manager, ${facility}`,
  },
];

export async function planAgreements(world: { clock: Clock; orgs: DemoOrganizations }): Promise<AgreementPlan> {
  const { clock, orgs } = world;
  const day = (offset: number) => dayString(clock.today + offset * DAY);
  const programs = orgs.programs.filter((p) => p.verified);
  const facilities = orgs.facilities.filter((f) => f.verified);
  const file: DemoFile = {
    key: "documents/demo/affiliation-agreement.pdf",
    bytes: await makeDemoPdf({
      title: "Clinical Affiliation Agreement",
      lines: ["Demo record for the Clinical Placement Portal.", "Signed by both parties."],
    }),
    contentType: "application/pdf",
  };
  const signed = {
    documentKey: file.key,
    documentName: "signed-affiliation-agreement.pdf",
    documentType: file.contentType,
    documentSize: file.bytes.byteLength,
    documentSha256: "0".repeat(64),
    documentUploadedAt: at(clock.today - 300 * DAY),
    // In force only with both sides' signatures (the demo's signers are not named).
    programSignedAt: at(clock.today - 300 * DAY),
    facilitySignedAt: at(clock.today - 300 * DAY),
  };
  const [first] = programs;
  const rows: AgreementRow[] = [];
  const add = (
    programIndex: number,
    facilityIndex: number,
    row: Omit<AgreementRow, "programId" | "facilityId" | "contacts" | "createdByOrganizationId">,
    createdBy: "program" | "facility" = "program",
  ) => {
    const p = programs[programIndex];
    const f = facilities[facilityIndex];
    if (!p || !f) return;
    rows.push({
      programId: p.id,
      facilityId: f.id,
      contacts: contactsFor(p.name, f.name),
      createdByOrganizationId: createdBy === "program" ? p.id : f.id,
      createdAt: at(clock.today - 400 * DAY),
      updatedAt: at(clock.today - 300 * DAY),
      ...row,
    });
  };
  if (first) {
    add(0, 0, {
      title: "Clinical Affiliation Agreement 2025–2030",
      startDate: day(-365),
      endDate: day(4 * 365),
      stage: "executed",
      autoRenew: true,
      notes: "Five-year master agreement; student liability insurance on file with the program.",
      ...signed,
    });
    add(0, 1, {
      title: "Nursing Student Affiliation Agreement",
      startDate: day(-3 * 365),
      endDate: day(45),
      stage: "executed",
      notes: "Renewal under negotiation.",
      ...signed,
    });
    add(0, 2, {
      title: "Affiliation Agreement 2022–2025",
      startDate: day(-3 * 365 - 20),
      endDate: day(-20),
      stage: "executed",
      notes: "Lapsed; the facility asked for a new template.",
      ...signed,
    });
    add(
      0,
      3,
      {
        title: "Clinical Education Agreement (draft)",
        startDate: day(30),
        endDate: day(30 + 3 * 365),
        stage: "draft",
        notes: "Legal review at the facility.",
      },
      "facility",
    );
    add(0, 4, {
      title: "Clinical Affiliation Agreement 2024–2027",
      startDate: day(-500),
      endDate: day(600),
      stage: "terminated",
      terminatedOn: day(-60),
      terminationReason: "The facility closed its pediatric unit to students.",
      ...signed,
    });
  }
  // The first facility sees every status too: Cascade in force, Lone Star expiring, Piedmont's
  // old agreement expired beside its renewal, and Sonoran (the last verified program) only a
  // facility's draft and a terminated agreement: none in force, so it meets the rule when the
  // facility turns it on.
  add(1, 0, {
    title: "Clinical Affiliation Agreement",
    startDate: day(-230),
    endDate: day(3 * 365 - 60),
    stage: "executed",
    ...signed,
  });
  add(2, 0, {
    title: "Clinical Affiliation Agreement",
    startDate: day(-2 * 365),
    endDate: day(60),
    stage: "executed",
    notes: "Renewal sent to the program's dean.",
    ...signed,
  });
  add(3, 0, {
    title: "Clinical Affiliation Agreement 2022–2025",
    startDate: day(-3 * 365 - 40),
    endDate: day(-40),
    stage: "executed",
    ...signed,
  });
  add(3, 0, {
    title: "Clinical Affiliation Agreement 2025–2028",
    startDate: day(-39),
    endDate: day(3 * 365 - 40),
    stage: "executed",
    ...signed,
  });
  add(
    4,
    0,
    {
      title: "Clinical Affiliation Agreement (draft)",
      startDate: day(14),
      endDate: day(14 + 3 * 365),
      stage: "draft",
      notes: "Waiting for the program's signature.",
      // The facility has signed: the program's coordinator sees "Awaiting the program's signature".
      facilitySignedAt: at(clock.today - 5 * DAY),
    },
    "facility",
  );
  add(4, 0, {
    title: "Clinical Affiliation Agreement 2023–2026",
    startDate: day(-700),
    endDate: day(400),
    stage: "terminated",
    terminatedOn: day(-90),
    terminationReason: "The program moved its students to another site.",
    ...signed,
  });
  // A facility requiring an agreement the first program does not hold: its placements say so.
  const requiring = facilities[5];
  const settings: SettingRow[] = requiring
    ? [{ facilityId: requiring.id, requireAgreement: true, updatedAt: at(clock.today - 30 * DAY) }]
    : [];
  return { rows, settings, files: [file] };
}
