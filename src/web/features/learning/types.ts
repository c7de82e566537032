// The Learning Center's answers as the pages read them (src/server/features/learning/schemas.ts).

export type ResourceCard = {
  id: string;
  programId: string | null;
  programName: string | null;
  title: string;
  summary: string;
  category: string;
  kind: string;
  durationMinutes: number;
  specialties: string[];
  url: string | null;
  /** An uploaded file (PDF or image), downloaded from the resource's /file route. */
  file: { name: string; contentType: string; size: number } | null;
  updatedAt: string;
  completedAt: string | null;
};
export type Resource = ResourceCard & { body: string };
export type ResourcePage = {
  items: ResourceCard[];
  total: number;
  page: number;
  pageSize: number;
  progress: { done: number; total: number };
};
export type CoordinatorResourcePage = {
  items: (ResourceCard & { completedBy: number })[];
  total: number;
  page: number;
  pageSize: number;
};

export type ChecklistEntry = {
  item: string;
  label: string;
  description: string;
  source: "student" | "compliance" | "not_required";
  checked: boolean;
  checkedAt: string | null;
  href: string | null;
  requirements: {
    typeId: string;
    name: string;
    status: string;
    documentId: string | null;
    fileName: string | null;
    fileHref: string | null;
  }[];
};
/** One of the student's current approved rotations, with the items its facility added. */
export type PlacementChecklist = {
  placementId: string;
  title: string;
  facilityName: string;
  startDate: string;
  endDate: string;
  items: { id: string; title: string; description: string; checked: boolean; checkedAt: string | null }[];
};
export type Checklist = {
  items: ChecklistEntry[];
  placements: PlacementChecklist[];
  done: number;
  total: number;
  share: number;
};

export type AssistantInfo = {
  mode: "offline" | "model";
  model: string | null;
  suggestedQuestions: string[];
  questionsPerWindow: number;
  windowMinutes: number;
  questionsLeft: number;
};

export type Citation = { n: number; title: string; href: string };
export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: Citation[];
  createdAt: string;
};
export type Conversation = { id: string; title: string; messages: ChatMessage[] };
export type ConversationSummary = { id: string; title: string; createdAt: string; updatedAt: string; messages: number };
