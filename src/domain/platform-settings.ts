import { z } from "zod";

// The platform settings (issue 14): one typed catalogue shared by the server (which validates,
// stores and enforces them) and the web's settings page (which shows each with its description).
// A key with no stored row has its default.

export const SETTING_GROUPS = [
  { id: "applications", title: "Applications", description: "Limits and checks on students' applications." },
  {
    id: "compliance",
    title: "Compliance reminders",
    description: "When students are reminded by email that a compliance document is about to expire.",
  },
  { id: "email", title: "Email", description: "How outgoing mail presents itself." },
  { id: "organizations", title: "Organizations", description: "How new nursing programs and facilities join." },
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number]["id"];

export const MAX_PENDING_LIMIT = 100;
export const REMINDER_DAYS_MAX = 365;
export const REMINDER_WINDOWS_MAX = 5;

const LABEL = {
  maxPendingApplicationsPerStudent: "Maximum pending applications per student",
  approvalRequiresCompliance: "Approval requires compliance",
  reminderWindows: "Reminder windows",
  emailSenderName: "Email sender name",
  organizationsRequireVerification: "New organizations need verification",
} as const;

export const settingSchemas = {
  maxPendingApplicationsPerStudent: z
    .number({ error: `${LABEL.maxPendingApplicationsPerStudent} must be a number` })
    .int(`${LABEL.maxPendingApplicationsPerStudent} must be a whole number`)
    .min(1, `${LABEL.maxPendingApplicationsPerStudent} must be at least 1`)
    .max(MAX_PENDING_LIMIT, `${LABEL.maxPendingApplicationsPerStudent} must be at most ${MAX_PENDING_LIMIT}`),
  approvalRequiresCompliance: z.boolean({ error: `${LABEL.approvalRequiresCompliance} must be on or off` }),
  reminderWindows: z
    .array(
      z
        .number({ error: `${LABEL.reminderWindows} must be numbers of days` })
        .int(`${LABEL.reminderWindows} must be whole numbers of days`)
        .min(1, `${LABEL.reminderWindows} must be from 1 to ${REMINDER_DAYS_MAX} days`)
        .max(REMINDER_DAYS_MAX, `${LABEL.reminderWindows} must be from 1 to ${REMINDER_DAYS_MAX} days`),
      { error: `${LABEL.reminderWindows} must be a list of days` },
    )
    .min(1, `${LABEL.reminderWindows} need at least one number of days`)
    .max(REMINDER_WINDOWS_MAX, `${LABEL.reminderWindows} take at most ${REMINDER_WINDOWS_MAX} numbers of days`)
    .refine((days) => new Set(days).size === days.length, `${LABEL.reminderWindows} must not repeat a number of days`)
    // Kept largest first: the order reminders go out in.
    .transform((days) => [...days].sort((a, b) => b - a)),
  emailSenderName: z
    .string({ error: `${LABEL.emailSenderName} is required` })
    .trim()
    .min(2, `${LABEL.emailSenderName} must be at least 2 characters`)
    .max(100, `${LABEL.emailSenderName} must be at most 100 characters`)
    // A display name goes into the From header: no line breaks, quotes or angle brackets.
    .refine(
      (v) => !/["<>\r\n\\]/.test(v),
      `${LABEL.emailSenderName} cannot contain quotes, angle brackets or line breaks`,
    )
    // Half of a surrogate pair is no character: the database refuses it in JSON (the fuzz test found a 500).
    .refine(
      (v) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v),
      `${LABEL.emailSenderName} contains a character that is not text`,
    ),
  organizationsRequireVerification: z.boolean({
    error: `${LABEL.organizationsRequireVerification} must be on or off`,
  }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];
export type PlatformSettings = { [K in SettingKey]: z.output<(typeof settingSchemas)[K]> };

/** What the settings page shows for each key, in order within its group. */
export const SETTING_INFO: Record<SettingKey, { group: SettingGroup; label: string; description: string }> = {
  maxPendingApplicationsPerStudent: {
    group: "applications",
    label: LABEL.maxPendingApplicationsPerStudent,
    description:
      "How many applications one student may have awaiting a facility's decision at once. Further applications are refused until one is decided or withdrawn.",
  },
  approvalRequiresCompliance: {
    group: "applications",
    label: LABEL.approvalRequiresCompliance,
    description:
      "When on, a facility cannot approve a student who has not met every requirement of the placement unless it confirms the override, which is recorded. When off, such approvals go through and what was missing is still recorded.",
  },
  reminderWindows: {
    group: "compliance",
    label: LABEL.reminderWindows,
    description:
      "Days before a document's expiry at which the student is reminded (for example 30, 7). A reminder also goes out on the day it expires.",
  },
  emailSenderName: {
    group: "email",
    label: LABEL.emailSenderName,
    description: "The name shown as the sender of every email the portal sends. The sending address stays the same.",
  },
  organizationsRequireVerification: {
    group: "organizations",
    label: LABEL.organizationsRequireVerification,
    description:
      "When on, a program or facility that signs up waits for an administrator to verify it before it can submit or receive applications. When off, new organizations start verified.",
  },
};

export const SETTING_DEFAULTS: PlatformSettings = {
  maxPendingApplicationsPerStudent: 20,
  approvalRequiresCompliance: true,
  reminderWindows: [30, 7],
  emailSenderName: "Clinical Placement Portal",
  organizationsRequireVerification: true,
};

/** A change: any of the keys, at least one, nothing else. */
export const settingsUpdateSchema = z
  .object({
    maxPendingApplicationsPerStudent: settingSchemas.maxPendingApplicationsPerStudent.optional(),
    approvalRequiresCompliance: settingSchemas.approvalRequiresCompliance.optional(),
    reminderWindows: settingSchemas.reminderWindows.optional(),
    emailSenderName: settingSchemas.emailSenderName.optional(),
    organizationsRequireVerification: settingSchemas.organizationsRequireVerification.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Change at least one setting");
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;
