import { randomBytes } from "node:crypto";

// A counter makes every tag of one process distinct (1,331 students of one test drew a repeated
// 6-hex tag about one run in twenty: a duplicate email). The random prefix keeps two processes on
// one database (test files on PostgreSQL, the seed and a test) apart.
const PROCESS = randomBytes(2).toString("hex");
let next = 0;

/**
 * A short tag that keeps a default name or email unique (callers that need fixed values pass them).
 * Fixed width, so no tag is the start of another (a search for one finds only it).
 */
export const uniqueTag = () => `${PROCESS}${(next++).toString(36).padStart(4, "0")}`;
