import type { Deps } from "../../lib/context";

// Placeholder replaced by the demo world builder.
export async function seedIfEmpty(_deps: Deps) {}
