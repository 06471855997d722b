import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { securityExportFileName } from "~/domains/security/security-format";
import { showToast } from "~/lib/toast";
import { useIsPending } from "~/lib/use-is-pending";

export const EXPORT_PATH = "/security-settings/export";

/**
 * Privacy and data controls: Export saves the JSON file (a plain download without JavaScript); Cleanup is a page form.
 */
export function PrivacyCard({ retentionDays }: { retentionDays: number }) {
  const cleaning = useIsPending({ intent: "cleanup-data" });
  const [exporting, setExporting] = useState(false);

  async function exportData(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExporting(true);
    try {
      const response = await fetch(EXPORT_PATH, { method: "POST", body: new FormData(event.currentTarget) });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = securityExportFileName();
      link.click();
      URL.revokeObjectURL(link.href);
      showToast({ type: "success", title: "Security data exported successfully" });
    } catch (error) {
      console.error(error);
      showToast({ type: "error", title: "Failed to export security data" });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Privacy &amp; Data Controls</CardTitle>
        <CardDescription>
          Download your profile, security events and sessions as JSON (never passwords, secrets, backup codes or
          tokens), or remove expired sessions and events older than {retentionDays} days.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <form method="post" action={EXPORT_PATH} onSubmit={exportData}>
          <Button type="submit" variant="outline" disabled={exporting}>
            <Download aria-hidden="true" /> {exporting ? "Exporting..." : "Export Data"}
          </Button>
        </form>
        <Form method="post">
          <input type="hidden" name="intent" value="cleanup-data" />
          <Button type="submit" variant="outline" disabled={cleaning}>
            <Trash2 aria-hidden="true" /> {cleaning ? "Cleaning up..." : "Cleanup Data"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
