/**
 * The `default` of a switch over a union (a role, a scope's kind): a member the switch forgets is
 * a compile error, and a value outside the union at run time throws instead of passing unfiltered.
 */
export function assertNever(value: never, what = "case"): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
