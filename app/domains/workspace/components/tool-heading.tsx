import { BackLink } from "~/components/ui/back-link";

/** A dashboard tool page's top: the way back to the dashboard, the tool's name and what it does. */
export function ToolHeading({ tool }: { tool: { name: string; description: string } }) {
  return (
    <>
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{tool.name}</h1>
      <p className="mt-2 text-lg text-muted-foreground">{tool.description}</p>
    </>
  );
}
