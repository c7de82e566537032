import type { ItemStatus, Readiness, RequirementType } from "@/domain/compliance";
import type { ComplianceStatus } from "@/domain/students";

// The shapes of the compliance API (issue 12), as /work/shared-notes/compliance-api.md states them.
// The routes are called with fetch (not the typed Hono client) so that the web does not depend on
// the server's route types while both are built.

export type { ItemStatus, Readiness, RequirementType };

export type Person = { id: string; name: string };

export type ComplianceDocument = {
  id: string;
  requirementTypeId: string;
  status: "submitted" | "approved" | "rejected";
  isCurrent: boolean;
  issuedOn: string | null;
  expiresOn: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
  uploadedBy: Person | null;
  reviewedAt: string | null;
  reviewedBy: Person | null;
  rejectionReason: string | null;
  fileUrl: string;
};

export type ComplianceItem = {
  type: RequirementType;
  status: ItemStatus;
  daysToExpiry: number | null;
  /** The document the status stands on: the current upload, or the approved one a renewal renews. */
  current: ComplianceDocument | null;
  /** A newer upload awaiting review (or rejected) while the approved `current` stays in force. */
  renewal: ComplianceDocument | null;
  history: ComplianceDocument[];
};

export type ComplianceCounts = {
  required: number;
  approved: number;
  submitted: number;
  missing: number;
  rejected: number;
  expiring: number;
  expired: number;
};

export type StudentCompliance = {
  student: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    programId: string;
    programName: string;
    complianceStatus: ComplianceStatus;
  };
  items: ComplianceItem[];
  counts: ComplianceCounts;
};

export type ApplicationReadiness = {
  applicationId: string;
  status: string;
  placementId: string;
  placementTitle: string;
  facilityName: string;
  startDate: string;
  endDate: string;
  ready: boolean;
  items: { requirementTypeId: string; name: string; readiness: Readiness }[];
};

export type MyCompliance = StudentCompliance & { applications: ApplicationReadiness[] };

export type ScanResult = {
  contentType: string;
  proposedIssuedOn: string | null;
  proposedExpiresOn: string | null;
  found: string[];
};

export type ComplianceStudentRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  complianceStatus: ComplianceStatus;
  required: number;
  approved: number;
  submitted: number;
  missing: number;
  rejected: number;
  expired: number;
  expiringSoon: number;
  nextExpiry: string | null;
};

export type ComplianceSummary = {
  compliant: number;
  pending: number;
  incomplete: number;
  expiring30: number;
  expiring60: number;
  expiring90: number;
  awaitingReview: number;
};

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

export type ComplianceStudentsPage = Page<ComplianceStudentRow> & { summary: ComplianceSummary };

export type ReviewQueueRow = {
  document: ComplianceDocument;
  student: { id: string; firstName: string; lastName: string };
  typeName: string;
};

export type FacilityReadiness = {
  ready: boolean;
  items: {
    type: RequirementType;
    source: "program" | "facility" | "placement";
    readiness: Readiness;
    document: ComplianceDocument | null;
  }[];
};
