import { describe, expect, it } from "vitest";
import { canonicalSpecialty, NURSING_SPECIALTIES, unknownSpecialtyMessage } from "./specialties";

describe("canonicalSpecialty", () => {
  it("maps the catalogue's names and common synonyms to the catalogue", () => {
    for (const s of NURSING_SPECIALTIES) expect(canonicalSpecialty(s)).toBe(s);
    expect(canonicalSpecialty("ICU")).toBe("Intensive Care (ICU)");
    expect(canonicalSpecialty("critical care")).toBe("Intensive Care (ICU)");
    expect(canonicalSpecialty("Med-Surg")).toBe("Medical-Surgical");
    expect(canonicalSpecialty("peds")).toBe("Pediatrics");
    expect(canonicalSpecialty("L&D")).toBe("Obstetrics / Labor & Delivery");
    expect(canonicalSpecialty("OB")).toBe("Obstetrics / Labor & Delivery");
    expect(canonicalSpecialty("ER")).toBe("Emergency");
    expect(canonicalSpecialty("ED")).toBe("Emergency");
    expect(canonicalSpecialty("Psych")).toBe("Psychiatric / Mental Health");
    expect(canonicalSpecialty("nicu")).toBe("Neonatal ICU (NICU)");
    expect(canonicalSpecialty("  medical surgical ")).toBe("Medical-Surgical");
  });
  it("knows nothing else", () => {
    expect(canonicalSpecialty("Underwater Basket Weaving")).toBeNull();
    expect(canonicalSpecialty("")).toBeNull();
    expect(unknownSpecialtyMessage("Underwater Basket Weaving")).toContain("Use one of: Medical-Surgical, Pediatrics");
  });
});
