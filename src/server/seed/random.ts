// Deterministic randomness and calendar helpers of the demo world: the same world on every run,
// relative to today so it never goes stale.

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** Small, fast, seedable PRNG (mulberry32): the demo world is the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  /** `n` distinct elements of `list` (fewer when it is shorter). */
  some: <T>(list: readonly T[], n: number) => T[];
};

export function makeRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const some = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, int, pick, some };
}

/** The moment the world is built for: `now`, and the start of its UTC day. */
export type Clock = { nowMs: number; today: number };

export function clockAt(now: Date): Clock {
  const nowMs = now.getTime();
  return { nowMs, today: Math.floor(nowMs / DAY) * DAY };
}

export const at = (ms: number) => new Date(ms);
export const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const mondayOnOrAfter = (ms: number) => ms + ((8 - new Date(ms).getUTCDay()) % 7) * DAY;
export const mondayOnOrBefore = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
export const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export function termOf(ms: number) {
  const d = new Date(ms);
  const m = d.getUTCMonth();
  return `${m <= 4 ? "Spring" : m <= 7 ? "Summer" : "Fall"} ${d.getUTCFullYear()}`;
}

/** Fills `{name}` placeholders; unknown ones are left as they are. */
export function fill(template: string, vars: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}
