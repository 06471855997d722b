import { type SalesMethodKey, salesMethod } from "~/domains/sales-methods/content/sales-methods";
import { type SetupRow, SetupSummaryCard } from "./setup-summary-card";

/** A tool page's card of the sales method setup it works from, asking to set the method up when nothing is saved. */
export function ToolSetupCard({ method, setup }: { method: SalesMethodKey; setup: readonly SetupRow[] | null }) {
  const { name, path } = salesMethod(method);
  return (
    <SetupSummaryCard
      className="mt-8"
      name={name.toLowerCase()}
      path={path}
      setup={setup}
      emptyText={`Nothing saved yet. Set up your ${name.toLowerCase()} to use this tool.`}
    />
  );
}
