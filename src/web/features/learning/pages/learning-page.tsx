import { useSearchParams } from "react-router";
import { StudentPage } from "@/web/components/student-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { AssistantChat } from "../components/assistant-chat";
import { PreparationChecklist } from "../components/preparation-checklist";
import { ResourceLibrary } from "../components/resource-library";
import { ResourceReader } from "../components/resource-reader";

// /student/learning (issue 16): three tabs, as the prototype has them (spec section 2), the chosen
// one kept in the address (?tab=); ?resource=<id> opens one resource (what citations link to).

const TABS = ["assistant", "resources", "checklist"] as const;
type Tab = (typeof TABS)[number];

export default function LearningPage() {
  return (
    <StudentPage
      header={{
        title: "Learning Center",
        description: "Study assistant, resources and your preparation checklist",
      }}
      content={Content}
    />
  );
}

function Content() {
  const [params, setParams] = useSearchParams();
  const resource = params.get("resource");
  if (resource) return <ResourceReader id={resource} />;
  const asked = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "assistant";
  return (
    <Tabs
      value={tab}
      onValueChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams();
            // Only View As survives a change of tab; each tab's filters are its own.
            const student = prev.get("student");
            if (student) next.set("student", student);
            if (value !== "assistant") next.set("tab", value);
            return next;
          },
          { replace: true },
        )
      }
      className="grid gap-4"
    >
      <TabsList className="max-w-xl">
        <TabsTrigger value="assistant">AI Assistant</TabsTrigger>
        <TabsTrigger value="resources">Resources</TabsTrigger>
        <TabsTrigger value="checklist">Preparation Checklist</TabsTrigger>
      </TabsList>
      <TabsContent value="assistant">
        <AssistantChat />
      </TabsContent>
      <TabsContent value="resources">
        <ResourceLibrary />
      </TabsContent>
      <TabsContent value="checklist">
        <PreparationChecklist />
      </TabsContent>
    </Tabs>
  );
}
