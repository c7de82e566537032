import { FileWarning } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { assertNever } from "@/domain/assert-never";
import { Button } from "@/web/components/ui/button";

/** Who reads the notice: the coordinator records agreements, a student asks their coordinator. */
export type AgreementViewer = "program" | "student";

function NextStep({ viewer }: { viewer: AgreementViewer }) {
  switch (viewer) {
    case "program":
      return (
        <>
          Record one on the{" "}
          <Link to="/agreements" className="font-medium underline underline-offset-2">
            Agreements page
          </Link>
          .
        </>
      );
    case "student":
      return <>Ask your program coordinator to record one.</>;
    default:
      return assertNever(viewer);
  }
}

/** What the placement searches answer about the facility's agreement rule (issue 17). */
export type AgreementFlags = { agreementRequired?: boolean; agreementActive?: boolean | null };

/** True when the facility requires an agreement the searching program does not hold. */
export const agreementBlocks = (p: AgreementFlags) => p.agreementRequired === true && p.agreementActive === false;

/**
 * On a placement card the program or student cannot apply from: the reason, before they try, and
 * Apply disabled with the reason as its description.
 */
export function AgreementRequiredNotice({
  facilityName,
  title,
  viewer,
}: {
  facilityName: string;
  title: string;
  viewer: AgreementViewer;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={id} className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-xs text-amber-950">
        <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {facilityName} requires an active affiliation agreement with your program covering these dates.{" "}
          <NextStep viewer={viewer} />
        </span>
      </p>
      <Button
        className="w-full"
        variant="secondary"
        disabled
        aria-label={`Agreement required to apply: ${title}`}
        aria-describedby={id}
      >
        Agreement required
      </Button>
    </div>
  );
}
