import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

export type QuickAction = { to: string; label: string; icon: LucideIcon };

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {actions.map((a) => (
          <Button key={a.to} asChild variant="outline" className="justify-start">
            <Link to={a.to}>
              <a.icon aria-hidden />
              {a.label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
