import { useQuery } from "@tanstack/react-query";
import { Briefcase, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { addTag, EXPERIENCE_KIND_LABELS, PREFERENCE_TEXT_MAX, type PreferencesInput } from "@/domain/student-profile";
import { COMPLIANCE_LABELS } from "@/domain/students";
import { LoadError } from "@/web/components/list-page/load-error";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Field } from "@/web/components/ui/field";
import { Loading } from "@/web/components/ui/loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { formatDate } from "@/web/lib/format";
import { ExperienceDialog } from "../components/experience-dialog";
import { RosterClaimsCard } from "../components/roster-claims-card";
import { TagListInput } from "../components/tag-list-input";
import {
  type StudentExperience,
  type StudentProfile,
  studentProfileQuery,
  useDeleteExperience,
  useSavePreferences,
} from "../student-profile-api";

const HEADER = { title: "Profile", description: "Academic record, preferences, experience and goals" };

/** /student/profile: academic record (read-only), preferences, experience, goals, accommodations. */
export default function StudentProfilePage() {
  return <StudentPage header={HEADER} content={Profile} />;
}

type Prefs = {
  geographicPreferences: string[];
  specialtyInterests: string[];
  scheduleConstraints: string;
  transportationOptions: string;
  careerGoals: string;
  accommodationRequests: string;
};

type TagKey = "geographicPreferences" | "specialtyInterests";
const NO_DRAFTS: Record<TagKey, string> = { geographicPreferences: "", specialtyInterests: "" };

const toForm = (p: StudentProfile["preferences"]): Prefs => ({
  geographicPreferences: p.geographicPreferences,
  specialtyInterests: p.specialtyInterests,
  scheduleConstraints: p.scheduleConstraints ?? "",
  transportationOptions: p.transportationOptions ?? "",
  careerGoals: p.careerGoals ?? "",
  accommodationRequests: p.accommodationRequests ?? "",
});

function Profile() {
  const readOnly = useStudentReadOnly();
  const profile = useQuery(studentProfileQuery);
  const save = useSavePreferences();
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [drafts, setDrafts] = useState(NO_DRAFTS);
  const [errors, setErrors] = useState<Partial<Record<keyof Prefs, string>>>({});

  useEffect(() => {
    if (profile.data && prefs === null) setPrefs(toForm(profile.data.preferences));
  }, [profile.data, prefs]);

  if (profile.isPending || (profile.data && !prefs)) return <Loading />;
  if (profile.isError) {
    return <LoadError what="your profile" query={profile} />;
  }
  const data = profile.data;
  const values = prefs as Prefs;
  const set = <K extends keyof Prefs>(key: K, value: Prefs[K]) => setPrefs({ ...values, [key]: value });

  async function submit(e: React.FormEvent) {
    if (readOnly) return;
    e.preventDefault();
    setErrors({});
    // What the form shows is saved, the entries typed without Enter included.
    const shown: Prefs = {
      ...values,
      geographicPreferences: addTag(values.geographicPreferences, drafts.geographicPreferences),
      specialtyInterests: addTag(values.specialtyInterests, drafts.specialtyInterests),
    };
    setPrefs(shown);
    setDrafts(NO_DRAFTS);
    try {
      const saved = await save.mutateAsync(shown satisfies PreferencesInput);
      setPrefs(toForm(saved));
      toast.success("Preferences updated", { description: "Your preferences have been saved successfully" });
    } catch (err) {
      if (err instanceof ApiError) {
        const next: Partial<Record<keyof Prefs, string>> = {};
        for (const issue of err.issues) next[issue.path.split(".")[0] as keyof Prefs] = issue.message;
        setErrors(next);
      }
      // The mutation cache toasted the error (one error path).
    }
  }

  // An administrator viewing as a student reads the form but cannot save (the server refuses too).
  const saveButton = readOnly ? null : (
    <div className="flex justify-end">
      <Button
        type="submit"
        disabled={save.isPending}
        // Pressing Save leaves the focus in the field being typed in: its blur would add the entry
        // as a chip and could move this button from under the finger before the click lands.
        onMouseDown={(e) => e.preventDefault()}
      >
        {save.isPending ? "Saving..." : "Save Preferences"}
      </Button>
    </div>
  );
  const text = (
    key: "scheduleConstraints" | "transportationOptions" | "careerGoals" | "accommodationRequests",
    label: string,
    hint?: string,
  ) => (
    <Field id={`pref-${key}`} label={label} error={errors[key]} hint={hint}>
      <Textarea
        id={`pref-${key}`}
        rows={4}
        maxLength={PREFERENCE_TEXT_MAX}
        value={values[key]}
        aria-invalid={!!errors[key]}
        aria-describedby={errors[key] ? `pref-${key}-error` : hint ? `pref-${key}-hint` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  return (
    <Tabs defaultValue="academic">
      <TabsList className="flex-wrap sm:w-auto">
        <TabsTrigger value="academic">Academic</TabsTrigger>
        <TabsTrigger value="preferences">Preferences</TabsTrigger>
        <TabsTrigger value="experience">Experience</TabsTrigger>
        <TabsTrigger value="goals">Goals</TabsTrigger>
        <TabsTrigger value="accommodations">Accommodations</TabsTrigger>
      </TabsList>

      <TabsContent value="academic">
        <Card>
          <CardHeader>
            <CardTitle>Academic information</CardTitle>
            <CardDescription>
              From your program's roster. To change anything here, contact your program coordinator.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Info label="Name">
                {data.academic.firstName} {data.academic.lastName}
              </Info>
              <Info label="Email">
                <span className="break-all">{data.academic.email}</span>
              </Info>
              <Info label="Program">{data.academic.programName}</Info>
              <Info label="Phone">{data.academic.phone ?? "Not given"}</Info>
              <Info label="GPA">{data.academic.gpa === null ? "Not given" : data.academic.gpa.toFixed(2)}</Info>
              <Info label="Specialty interest">{data.academic.specialtyInterest ?? "No preference"}</Info>
              <Info label="Compliance status">{COMPLIANCE_LABELS[data.academic.complianceStatus]}</Info>
              <Info label="Enrollment">{data.academic.enrollmentStatus === "active" ? "Active" : "Withdrawn"}</Info>
            </dl>
          </CardContent>
        </Card>
        <RosterClaimsCard />
      </TabsContent>

      <TabsContent value="preferences">
        <Card>
          <CardHeader>
            <CardTitle>Placement preferences</CardTitle>
            <CardDescription>Used to recommend placements that suit you.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate>
              <fieldset disabled={readOnly} className="grid min-w-0 gap-5">
                <TagListInput
                  label="Geographic preferences"
                  hint="Press Enter to add a city or region; click one to remove it."
                  placeholder="e.g. Chicago, IL"
                  value={values.geographicPreferences}
                  onChange={(v) => set("geographicPreferences", v)}
                  draft={drafts.geographicPreferences}
                  onDraftChange={(v) => setDrafts((d) => ({ ...d, geographicPreferences: v }))}
                />
                {errors.geographicPreferences ? (
                  <p role="alert" className="text-sm text-destructive">
                    {errors.geographicPreferences}
                  </p>
                ) : null}
                <TagListInput
                  label="Specialty interests"
                  hint="Press Enter to add a specialty; click one to remove it."
                  placeholder="e.g. Pediatrics"
                  suggestions={NURSING_SPECIALTIES}
                  value={values.specialtyInterests}
                  onChange={(v) => set("specialtyInterests", v)}
                  draft={drafts.specialtyInterests}
                  onDraftChange={(v) => setDrafts((d) => ({ ...d, specialtyInterests: v }))}
                />
                {errors.specialtyInterests ? (
                  <p role="alert" className="text-sm text-destructive">
                    {errors.specialtyInterests}
                  </p>
                ) : null}
                {text(
                  "scheduleConstraints",
                  "Schedule constraints",
                  "Shifts or days you cannot work, classes, family commitments.",
                )}
                {text(
                  "transportationOptions",
                  "Transportation options",
                  "Car, public transit, how far you can travel.",
                )}
                {saveButton}
              </fieldset>
            </form>
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="experience">
        <ExperienceTab experiences={data.experiences} />
      </TabsContent>

      <TabsContent value="goals">
        <Card>
          <CardHeader>
            <CardTitle>Career goals</CardTitle>
            <CardDescription>Where you want your nursing career to go.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate>
              <fieldset disabled={readOnly} className="grid min-w-0 gap-5">
                {text("careerGoals", "Career goals")}
                {saveButton}
              </fieldset>
            </form>
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="accommodations">
        <Card>
          <CardHeader>
            <CardTitle>Accommodation requests</CardTitle>
            <CardDescription>
              Visible only to you and your nursing program, never to facilities. Your program arranges what is needed.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate>
              <fieldset disabled={readOnly} className="grid min-w-0 gap-5">
                {text("accommodationRequests", "Accommodation requests")}
                {saveButton}
              </fieldset>
            </form>
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function ExperienceTab({ experiences }: { experiences: StudentExperience[] }) {
  const readOnly = useStudentReadOnly();
  const [editing, setEditing] = useState<StudentExperience | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StudentExperience | null>(null);
  const remove = useDeleteExperience();

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Experience removed");
      setRemoving(null);
    } catch {
      // The mutation cache toasted the error (one error path).
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>Experience</CardTitle>
          <CardDescription>Prior clinical, work and volunteer experience.</CardDescription>
        </div>
        {readOnly ? null : (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add experience
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {experiences.length === 0 ? (
          <EmptyState icon={Briefcase} title="No experience added yet">
            Add clinical shifts, jobs or volunteering that show what you bring to a placement.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border" aria-label="Experience">
            {experiences.map((x) => (
              <li key={x.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {x.title} · {x.organization}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <Badge variant="muted">{EXPERIENCE_KIND_LABELS[x.kind]}</Badge> {formatDate(x.startDate)} –{" "}
                    {x.endDate ? formatDate(x.endDate) : "present"}
                  </p>
                  {x.description ? <p className="mt-1 text-sm">{x.description}</p> : null}
                </div>
                <div className={readOnly ? "hidden" : "flex gap-2"}>
                  <Button size="sm" variant="outline" onClick={() => setEditing(x)} aria-label={`Edit ${x.title}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setRemoving(x)} aria-label={`Remove ${x.title}`}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ExperienceDialog
        open={adding || editing !== null}
        entry={editing}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
      />
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogTitle>Remove this experience?</DialogTitle>
          <DialogDescription>
            {removing ? `${removing.title} at ${removing.organization} will be removed from your profile.` : null}
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmRemove}>
              Remove
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
