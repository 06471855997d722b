import { ArrowRight, Plus } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { toolPath, type Tool } from "~/domains/workspace/content/tools";

/** 'Your Business Tools': the tools of the creator's business types, or how to get some. */
export function ToolsGrid({ tools, hasBusinessProfile }: { tools: Tool[]; hasBusinessProfile: boolean }) {
  return (
    <section aria-labelledby="tools-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tools-title" className="text-xl font-semibold">
          Your Business Tools
        </h2>
        <ButtonLink to="/settings#business" variant="outline" size="sm">
          <Plus aria-hidden="true" /> Add More Tools
        </ButtonLink>
      </div>
      {tools.length === 0 ? (
        <div className="rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">No tools available</p>
          <p className="mt-1 text-sm text-muted-foreground">
            <Link
              to={hasBusinessProfile ? "/settings#business" : "/auth?tab=register&step=2"}
              className="text-primary underline underline-offset-4"
            >
              Complete your business profile
            </Link>{" "}
            to get the tools for how you sell.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool.slug}>
              <Link
                to={toolPath(tool)}
                className="group flex h-full flex-col rounded-lg border bg-card p-5 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex items-center justify-between font-semibold">
                  {tool.name}{" "}
                  <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground group-hover:text-primary" />
                </span>
                <span className="mt-2 text-sm text-muted-foreground">{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
