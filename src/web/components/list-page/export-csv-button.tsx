import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { downloadFile } from "@/web/lib/download";

/**
 * 'Export CSV' for a list: downloads what the filters select (every page), named `{name}-{today}.csv`;
 * disabled while the file comes, and a failure is toasted with the server's message.
 */
export function ExportCsvButton({ url, name }: { url: string; name: string }) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(url, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={exportCsv} disabled={exporting}>
      <Download aria-hidden /> {exporting ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
