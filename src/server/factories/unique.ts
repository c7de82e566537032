import { randomBytes } from "node:crypto";

/** A short random tag that keeps a default name or email unique (callers that need fixed values pass them). */
export const uniqueTag = () => randomBytes(3).toString("hex");
