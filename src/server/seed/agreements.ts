import type { AgreementContact } from "../../domain/agreements";
import type { affiliationAgreements, facilityAgreementSettings } from "../db/schema/agreements";
import { makeDemoPdf } from "../factories/documents";
import type { DemoFile } from "./compliance";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY, dayString } from "./random";

// The demo world's affiliation agreements (issue 17): one in every status between the first
// program and the first facilities (program@demo.test and facility@demo.test see each), the other
// verified programs in force with the first facility, and one facility that requires an agreement
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
  // The other programs hold agreements in force with the first facility, but the last verified
  // one: it has none, so it meets the rule when the facility turns it on.
  for (let i = 1; i < programs.length - 1; i++) {
    add(i, 0, {
      title: "Clinical Affiliation Agreement",
      startDate: day(-200 - i * 30),
      endDate: day(3 * 365 - i * 60),
      stage: "executed",
      ...signed,
    });
  }
  // A facility requiring an agreement the first program does not hold: its placements say so.
  const requiring = facilities[5];
  const settings: SettingRow[] = requiring
    ? [{ facilityId: requiring.id, requireAgreement: true, updatedAt: at(clock.today - 30 * DAY) }]
    : [];
  return { rows, settings, files: [file] };
}
