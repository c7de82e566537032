import type { Role } from "../../domain/roles";
import type { Database, Db } from "../db/client";
import type { Env } from "../env";
import type { SettingsStore } from "../features/settings/store";
import type { AuditNote } from "./audit";
import type { Auth } from "./auth";
import type { enqueue } from "./jobs";
import type { Logger } from "./logger";
import type { Mailer } from "./mail";
import type { enqueueMail, enqueueMails, enqueuingMails } from "./mail-queue";
import type { ReadCache } from "./read-cache";
import type { Realtime } from "./realtime";
import type { SessionReader } from "./session-reader";

/** What every request handler can reach: built once per app in app.ts. */
export type Deps = {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  /** The signed-in viewer from a request's cookie in one query (session-reader.ts, ADR 013). */
  readSession: SessionReader;
  mailer: Mailer;
  /**
   * The job queue (lib/jobs.ts, ADR 015): pass the transaction of the write the job follows from,
   * so it is enqueued only if that write commits. Mail carrying secrets is never queued.
   */
  jobs: {
    enqueue: typeof enqueue;
    enqueueMail: typeof enqueueMail;
    enqueueMails: typeof enqueueMails;
    enqueuingMails: typeof enqueuingMails;
    /** Asks this instance's runner to poll now (set once the runner exists; see JobRunner.wake). */
    wake?: () => void;
  };
  realtime: Realtime;
  /** The hot reads' answers this instance keeps (read-cache.ts, ADR 027). */
  readCache: ReadCache;
  /** The platform settings (features/settings), cached per instance and dropped on every change. */
  settings: SettingsStore;
  log: Logger;
};

export type Organization = {
  id: string;
  kind: "program" | "facility";
  name: string;
  city: string | null;
  state: string | null;
  verificationStatus: "pending" | "verified" | "rejected";
  /** Suspended by an administrator (issue 14): ISO time, null when not; its members read but do not write. */
  suspendedAt: string | null;
  suspendedReason: string | null;
  /** What the membership makes the user (issue 17): absent or "coordinator", or a facility's "preceptor". */
  membership?: "coordinator" | "preceptor";
};

/** The signed-in user as the server knows them: everything derives from the session (D1). */
export type Viewer = {
  userId: string;
  email: string;
  name: string;
  roles: Role[];
  role: Role | null;
  /** The organization this session acts for: the active one among `organizations` (ADR 011). */
  organization: Organization | null;
  /** Every organization the user is a member of, oldest first. */
  organizations: Organization[];
  studentId: string | null;
  sessionId: string;
  /**
   * What GET /api/accounts/me adds to the viewer, when the session reader's one statement read it
   * (ADR 016: kept with the viewer and dropped by the same announcements). Absent on Better Auth's
   * slow path; /me then reads it itself.
   */
  account?: ViewerAccount;
};

export type ViewerAccount = {
  twoFactorEnabled: boolean;
  fullName: string | null;
  organizationName: string | null;
  accessRequest: { status: "pending" | "approved" | "denied"; createdAt: string } | null;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    viewer: Viewer | null;
    requestId: string;
    /** The client's address, resolved once per request (lib/client-address.ts). */
    clientAddress: string;
    log: Logger;
    /** What the handler adds to its request's audit entry (lib/audit.ts). */
    audit?: AuditNote;
  };
};
