import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Label } from "~/components/ui/input";
import { STOCK_IMPORT_MODES } from "~/domains/inventory/stock-import-rows";
import type { StoreAnswer } from "~/domains/inventory/store-answer";

/** The CSV import: a file and a mode, a preview listing each refused row, then applying it all at once. */
export function StockImportPanel({ answer }: { answer?: StoreAnswer }) {
  const result = answer?.importAnswer;
  const fileError = answer?.fieldErrors.file?.[0] ?? answer?.fieldErrors.mode?.[0];
  const ready = result && !result.applied && result.errors.length === 0 && result.csv !== null;
  return (
    <details className="rounded-lg border p-4" open={Boolean(answer && !answer.ok) || Boolean(ready)}>
      <summary className="cursor-pointer font-medium">Import stock from a CSV</summary>
      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
        <p className="text-sm text-muted-foreground">
          Columns: sku (or barcode), location (a location's name) and quantity, a header row first. The export above has
          them. Nothing is written until you apply a preview without errors.
        </p>
        <div className="grid gap-1">
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={Boolean(fileError)}
            aria-describedby={fileError ? "import-file-error" : undefined}
            className="text-sm"
          />
          <p id="import-file-error" aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
            {fileError}
          </p>
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">The quantities are</legend>
          {STOCK_IMPORT_MODES.map((mode, index) => (
            <label key={mode.value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value={mode.value} defaultChecked={index === 0} className="size-4" />
              {mode.label}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" name="intent" value="import-preview" variant="outline">
            Preview import
          </Button>
        </div>
      </Form>
      {result ? (
        <section className="mt-4 grid gap-2" aria-labelledby="import-result-title">
          <h3 id="import-result-title" className="font-semibold">
            {result.applied ? "Import applied" : "Import preview"}
          </h3>
          <p role="status">
            {result.rows} {result.rows === 1 ? "row" : "rows"} read, {result.changes}{" "}
            {result.changes === 1 ? "change" : "changes"}
            {result.errors.length ? `, ${result.errors.length + result.moreErrors} with errors` : ""}.
          </p>
          {result.errors.length ? (
            <>
              <FormAlert message={answer?.formError ?? undefined} />
              <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Rows with errors">
                {result.errors.map((error) => (
                  <li key={error.row}>
                    Row {error.row}: {error.message}
                  </li>
                ))}
                {result.moreErrors ? <li>And {result.moreErrors} more rows with errors.</li> : null}
              </ul>
            </>
          ) : null}
          {ready ? (
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap gap-2">
              <input type="hidden" name="mode" value={result.mode} />
              <textarea name="csv" hidden readOnly value={result.csv ?? ""} />
              <Button type="submit" name="intent" value="import-apply">
                Apply import
              </Button>
            </Form>
          ) : null}
        </section>
      ) : (
        <FormAlert message={answer && !answer.ok ? (answer.formError ?? undefined) : undefined} />
      )}
    </details>
  );
}
