// Places for the location factor (issue 13): US states by code and name, a student's geographic
// preferences read as city and state, and great-circle distances. Pure.

export const US_STATES: Readonly<Record<string, string>> = Object.freeze({
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  PR: "Puerto Rico",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
});

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** A state's code from its code or name, any case ("il", "Illinois" → "IL"); null when neither. */
export function stateCode(value: string): string | null {
  const v = value.trim().replace(/\.$/, "");
  if (!v) return null;
  const upper = v.toUpperCase();
  if (upper.length === 2 && upper in US_STATES) return upper;
  return STATE_BY_NAME.get(v.toLowerCase()) ?? null;
}

/** A city's comparison key: lower case, "St." as "saint", letters and digits only. */
export function cityKey(city: string): string {
  return city
    .toLowerCase()
    .replace(/\bst\.?\s/g, "saint ")
    .replace(/[^a-z0-9]/g, "");
}

/**
 * One entry of a student's geographic preferences: "Sacramento, CA" (city and state), "Sacramento"
 * (a city in any state), "California" or "CA" (a whole state). Null for an empty entry.
 */
export type PlacePreference = { label: string; city: string | null; state: string | null };

export function readPlace(entry: string): PlacePreference | null {
  const label = entry.trim();
  if (!label) return null;
  const comma = label.lastIndexOf(",");
  if (comma >= 0) {
    const state = stateCode(label.slice(comma + 1));
    const city = cityKey(label.slice(0, comma));
    if (state) return { label, city: city || null, state };
    return city ? { label, city, state: null } : null;
  }
  const state = stateCode(label);
  if (state) return { label, city: null, state };
  const city = cityKey(label);
  return city ? { label, city, state: null } : null;
}

const RADIANS = Math.PI / 180;
/** Mean Earth radius in miles (distances are shown in miles). */
export const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles between two points given in degrees (haversine). */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether a latitude and longitude make a point on Earth. */
export const isCoordinate = (lat: number | null | undefined, lon: number | null | undefined): boolean =>
  typeof lat === "number" &&
  typeof lon === "number" &&
  Number.isFinite(lat) &&
  Number.isFinite(lon) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lon) <= 180;
