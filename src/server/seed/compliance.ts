import { createHash, randomUUID } from "node:crypto";
import { addDays, effectiveExpiry, RECOMMENDED_PROGRAM_REQUIREMENTS, type Validity } from "../../domain/compliance";
import type {
  complianceDocuments,
  facilityRequirements,
  placementRequirements,
  programRequirements,
} from "../db/schema/compliance";
import { makeDemoPdf, makeDemoPng } from "../factories/documents";
import type { DemoAccounts } from "./accounts";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY, dayString, HOUR, makeRandom } from "./random";
import type { StudentPlan } from "./students";

// Compliance records of the demo world (issue 12): every program asks the recommended set, facilities
// add their own, and every student's documents match the status the roster plan gave them, with
// items in every state (approved, expiring, expired, submitted, rejected, missing) and some history.
// Its own PRNG: the rest of the world is drawn exactly as before.

const SEED = 20_260_112;

/** The catalogue's validity, as the migration inserted it (drizzle/0010): what expiry dates mean. */
const VALIDITY: Record<string, { validity: Validity; validityMonths: number | null; asksExpiry: boolean }> = {
  mmr: { validity: "none", validityMonths: null, asksExpiry: false },
  varicella: { validity: "none", validityMonths: null, asksExpiry: false },
  hepatitis_b: { validity: "none", validityMonths: null, asksExpiry: false },
  tdap: { validity: "months", validityMonths: 120, asksExpiry: false },
  influenza: { validity: "season", validityMonths: null, asksExpiry: false },
  tb_screening: { validity: "months", validityMonths: 12, asksExpiry: false },
  covid19: { validity: "none", validityMonths: null, asksExpiry: false },
  bls: { validity: "months", validityMonths: 24, asksExpiry: true },
  acls: { validity: "months", validityMonths: 24, asksExpiry: true },
  pals: { validity: "months", validityMonths: 24, asksExpiry: true },
  background_check: { validity: "months", validityMonths: 12, asksExpiry: false },
  drug_screen: { validity: "months", validityMonths: 12, asksExpiry: false },
  hipaa: { validity: "months", validityMonths: 12, asksExpiry: false },
  osha: { validity: "months", validityMonths: 12, asksExpiry: false },
  liability_insurance: { validity: "document", validityMonths: null, asksExpiry: true },
  orientation: { validity: "months", validityMonths: 12, asksExpiry: false },
};

const TITLES: Record<string, string> = {
  mmr: "Immunization Record: MMR",
  varicella: "Immunization Record: Varicella",
  hepatitis_b: "Immunization Record: Hepatitis B",
  tdap: "Immunization Record: Tdap",
  influenza: "Influenza Vaccination",
  tb_screening: "Tuberculosis Screening (IGRA) Result",
  covid19: "COVID-19 Vaccination Record",
  bls: "BLS Provider - American Heart Association",
  acls: "ACLS Provider - American Heart Association",
  pals: "PALS Provider - American Heart Association",
  background_check: "Background Check Clearance",
  drug_screen: "10-Panel Drug Screen Result",
  hipaa: "HIPAA Privacy Training Certificate",
  osha: "OSHA Bloodborne Pathogens Certificate",
  liability_insurance: "Certificate of Professional Liability Insurance",
  orientation: "Facility Orientation Attendance",
};

/** Shown as images (a photographed card); everything else is a PDF. */
const IMAGE_TYPES = new Set(["tb_screening", "covid19"]);

/** What each demo facility asks of every student on top of their program (by catalogue order). */
const FACILITY_EXTRAS = [
  ["covid19", "influenza", "tb_screening", "bls", "hipaa"],
  ["covid19", "osha"],
  ["orientation"],
];

const REJECTION_REASONS = [
  "The image is blurry and the dates cannot be read. Please upload a clearer scan.",
  "Only the front of the card was uploaded. Please include both sides.",
  "This record is for a different person. Please upload your own record.",
  "The titer result is missing. Please upload the lab report.",
];

export type DemoFile = { key: string; bytes: Uint8Array; contentType: string };
type DocumentRow = typeof complianceDocuments.$inferInsert;

export type CompliancePlan = {
  programRequirementRows: (typeof programRequirements.$inferInsert)[];
  facilityRequirementRows: (typeof facilityRequirements.$inferInsert)[];
  placementRequirementRows: (typeof placementRequirements.$inferInsert)[];
  documentRows: DocumentRow[];
  files: DemoFile[];
};

export async function planCompliance(world: {
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  students: StudentPlan[];
  placements: { id: string; facilityIndex: number; specialty: string }[];
}): Promise<CompliancePlan> {
  const R = makeRandom(SEED);
  const { clock, orgs, accounts } = world;
  const today = dayString(clock.today);
  const day = (offset: number) => dayString(clock.today + offset * DAY);
  const required = [...RECOMMENDED_PROGRAM_REQUIREMENTS] as string[];

  const programRequirementRows = orgs.programs.flatMap((p) =>
    required.map((requirementTypeId) => ({ programId: p.id, requirementTypeId, createdAt: p.createdAt })),
  );
  const facilityRequirementRows = orgs.facilities.flatMap((f, i) =>
    (FACILITY_EXTRAS[i % FACILITY_EXTRAS.length] ?? []).map((requirementTypeId) => ({
      facilityId: f.id,
      requirementTypeId,
      createdAt: f.createdAt,
    })),
  );
  // Critical care asks ACLS, pediatrics PALS, of the students it takes.
  const placementRequirementRows = world.placements.flatMap((p) =>
    /critical|intensive|emergency/i.test(p.specialty)
      ? [{ placementId: p.id, requirementTypeId: "acls" }]
      : /pediatric/i.test(p.specialty)
        ? [{ placementId: p.id, requirementTypeId: "pals" }]
        : [],
  );

  // One file per type for the roster's documents (the same scan content under one key each type),
  // and the demo student's own, with their name and dates, so previews and text are real.
  const files: DemoFile[] = [];
  const shared = new Map<string, DemoFile>();
  for (const typeId of Object.keys(VALIDITY)) {
    const image = IMAGE_TYPES.has(typeId);
    const file: DemoFile = image
      ? { key: `documents/demo/${typeId}.png`, bytes: makeDemoPng({ rgb: [20, 90, 160] }), contentType: "image/png" }
      : {
          key: `documents/demo/${typeId}.pdf`,
          bytes: await makeDemoPdf({
            title: TITLES[typeId] ?? typeId,
            lines: ["Demo record for the Clinical Placement Portal."],
          }),
          contentType: "application/pdf",
        };
    shared.set(typeId, file);
    files.push(file);
  }
  const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  const programCoordinator = accounts.user("program");

  const documentRows: DocumentRow[] = [];
  const add = async (
    student: StudentPlan,
    typeId: string,
    o: {
      issuedOn: string;
      status: "submitted" | "approved" | "rejected";
      current?: boolean;
      uploadedDaysAgo: number;
      reason?: string;
    },
  ) => {
    const v = VALIDITY[typeId]!;
    const stated = v.validity === "document" ? addDays(o.issuedOn, 365) : null;
    const expiresOn = effectiveExpiry(v, o.issuedOn, stated);
    let file = shared.get(typeId)!;
    if (student.demo) {
      const lines = [
        `Name: ${D.DEMO_ACCOUNTS.student.first} ${D.DEMO_ACCOUNTS.student.last}`,
        `Issue Date: ${o.issuedOn}`,
        ...(expiresOn ? [`Expiration Date: ${expiresOn}`] : []),
      ];
      const bytes = await makeDemoPdf({ title: TITLES[typeId] ?? typeId, lines });
      file = {
        key: `documents/demo/student-${typeId}-${documentRows.length}.pdf`,
        bytes,
        contentType: "application/pdf",
      };
      files.push(file);
    }
    // Never uploaded before the record was issued.
    const sinceIssued = Math.round((clock.today - Date.parse(`${o.issuedOn}T00:00:00Z`)) / DAY);
    const uploadedAt = at(clock.nowMs - Math.min(o.uploadedDaysAgo, sinceIssued) * DAY - R.int(1, 9) * HOUR);
    const reviewed = o.status !== "submitted";
    const ownProgram = student.programIndex === 0;
    documentRows.push({
      id: randomUUID(),
      studentId: student.id,
      requirementTypeId: typeId,
      status: o.status,
      isCurrent: o.current ?? true,
      issuedOn: o.issuedOn,
      expiresOn,
      fileKey: file.key,
      fileName: `${typeId.replace(/_/g, "-")}.${file.contentType === "image/png" ? "png" : "pdf"}`,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      sha256: sha(file.bytes),
      uploadedBy: student.demo ? accounts.user("student") : null,
      uploadedAt,
      reviewedBy: reviewed && ownProgram ? programCoordinator : null,
      reviewedAt: reviewed ? at(uploadedAt.getTime() + R.int(4, 40) * HOUR) : null,
      rejectionReason: o.status === "rejected" ? (o.reason ?? R.pick(REJECTION_REASONS)) : null,
    });
  };

  /** An issue date that keeps the type valid today, expiring more than 30 days from now. */
  const validIssue = (typeId: string): string => {
    const v = VALIDITY[typeId]!;
    if (v.validity === "none") return day(-R.int(700, 4000));
    if (v.validity === "season") {
      const month = new Date(clock.today).getUTCMonth() + 1;
      // This season's dose: in the autumn once it has come, else days ago (July to September).
      const year = new Date(clock.today).getUTCFullYear();
      const autumn = month >= 10 ? `${year}-10-0${R.int(1, 9)}` : month <= 6 ? `${year - 1}-10-0${R.int(1, 9)}` : null;
      return autumn && autumn <= today ? autumn : day(-R.int(1, 10));
    }
    if (v.validity === "document") return day(-R.int(30, 300));
    const months = v.validityMonths!;
    return day(-R.int(20, Math.max(21, months * 30 - 60)));
  };
  /** An issue date whose validity ends within the next 5 to 25 days ("expiring"). */
  const expiringIssue = (typeId: string): string => {
    const v = VALIDITY[typeId]!;
    const months = v.validityMonths ?? 12;
    return addDays(day(R.int(5, 25)), -Math.round(months * 30.44) + 1);
  };
  /** An issue date whose validity ended days ago ("expired"). */
  const expiredIssue = (typeId: string): string => {
    const months = VALIDITY[typeId]!.validityMonths ?? 12;
    return addDays(day(-R.int(3, 40)), -Math.round(months * 30.44));
  };
  const expirable = required.filter((t) => VALIDITY[t]!.validity === "months");
  // Types only facilities and placements ask for: most students have them, some not (not ready).
  const extras = [...new Set([...FACILITY_EXTRAS.flat(), "acls", "pals"])].filter((t) => !required.includes(t));
  const extraShare: Record<string, number> = { covid19: 0.85, osha: 0.7, orientation: 0.5, acls: 0.35, pals: 0.3 };

  for (const s of world.students) {
    if (!s.demo && !s.eligible) continue; // an unverified program's roster: nothing uploaded yet
    if (s.demo) {
      // student@demo.test: compliant, with a BLS card about to run out (an earlier card kept as
      // history) and every type the demo facilities ask for, so the renewal story can be told.
      const facilityTypes = new Set(facilityRequirementRows.map((r) => r.requirementTypeId));
      // Renewed recently, so everything but BLS lasts through their rotations: once BLS is renewed,
      // the facility sees them ready.
      const types = [...new Set([...required, ...facilityTypes, "acls", "pals"])];
      for (const typeId of types) {
        if (typeId === "bls") {
          await add(s, "bls", {
            issuedOn: addDays(day(-4 * 365), 20),
            status: "approved",
            current: false,
            uploadedDaysAgo: 730,
          });
          await add(s, "bls", { issuedOn: expiringIssue("bls"), status: "approved", uploadedDaysAgo: 700 });
        } else {
          const recent = VALIDITY[typeId]!.validity === "months" || VALIDITY[typeId]!.validity === "document";
          const issuedOn = recent ? day(-R.int(20, 60)) : validIssue(typeId);
          await add(s, typeId, { issuedOn, status: "approved", uploadedDaysAgo: R.int(5, 20) });
        }
      }
      continue;
    }
    const odd = R.pick(required);
    const oddExpirable = R.pick(expirable);
    const pendingTypes = new Set(R.some(required, R.int(1, 2)));
    const incompleteKind = R.next();
    for (const typeId of required) {
      const uploadedDaysAgo = R.int(20, 300);
      if (s.compliance === "pending" && pendingTypes.has(typeId)) {
        await add(s, typeId, { issuedOn: validIssue(typeId), status: "submitted", uploadedDaysAgo: R.int(0, 9) });
      } else if (s.compliance === "incomplete" && incompleteKind < 0.5 && typeId === odd) {
        await add(s, typeId, { issuedOn: validIssue(typeId), status: "rejected", uploadedDaysAgo: R.int(1, 20) });
      } else if (
        s.compliance === "incomplete" &&
        incompleteKind >= 0.5 &&
        incompleteKind < 0.75 &&
        typeId === oddExpirable
      ) {
        await add(s, typeId, { issuedOn: expiredIssue(typeId), status: "approved", uploadedDaysAgo: 400 });
      } else if (s.compliance === "incomplete" && incompleteKind >= 0.75 && typeId === odd) {
        // missing: nothing uploaded for this one
      } else if (s.compliance === "compliant" && typeId === oddExpirable && R.next() < 0.2) {
        await add(s, typeId, { issuedOn: expiringIssue(typeId), status: "approved", uploadedDaysAgo });
      } else {
        if (typeId === "bls" && R.next() < 0.15) {
          // History: a first upload the program sent back, then the accepted one.
          await add(s, typeId, {
            issuedOn: validIssue(typeId),
            status: "rejected",
            current: false,
            uploadedDaysAgo: uploadedDaysAgo + 3,
          });
        }
        await add(s, typeId, { issuedOn: validIssue(typeId), status: "approved", uploadedDaysAgo });
      }
    }
    for (const typeId of extras) {
      if (R.next() < (extraShare[typeId] ?? 0.5))
        await add(s, typeId, { issuedOn: validIssue(typeId), status: "approved", uploadedDaysAgo: R.int(20, 300) });
    }
  }
  return { programRequirementRows, facilityRequirementRows, placementRequirementRows, documentRows, files };
}
