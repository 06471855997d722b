import { LogOut, Plus, Settings } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import type { DashboardTabsData } from "~/domains/marketing/content/sample-dashboard";
import { DashboardPreview } from "./dashboard-preview";

/** The signed-in landing: the creator dashboard with sample data until the creator has a product, then their own. */
export function SampleCreatorDashboard({ data }: { data?: DashboardTabsData }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          {data ? null : <Badge variant="warning">Sample data</Badge>}
          <h1 className={data ? "text-3xl font-bold tracking-tight" : "mt-3 text-3xl font-bold tracking-tight"}>
            Creator dashboard
          </h1>
          {data ? (
            <p className="mt-1 max-w-2xl text-muted-foreground">
              Your products, sales and customers, updated as orders are paid. More on{" "}
              <Link to="/dashboard" className="text-primary underline underline-offset-4">
                your dashboard
              </Link>
              .
            </p>
          ) : (
            <p className="mt-1 max-w-2xl text-muted-foreground">
              Everything here is sample data, to show what selling on Sellkit looks like. Your own store lives on{" "}
              <Link to="/dashboard" className="text-primary underline underline-offset-4">
                your dashboard
              </Link>
              .
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/tools/products/new">
            <Plus aria-hidden="true" /> New Product
          </ButtonLink>
          <ButtonLink to="/settings" variant="outline">
            <Settings aria-hidden="true" /> Settings
          </ButtonLink>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              <LogOut aria-hidden="true" /> Logout
            </Button>
          </Form>
        </div>
      </header>
      <section aria-labelledby="sample-figures-title">
        <h2 id="sample-figures-title" className="sr-only">
          {data ? "Your products, sales and customers" : "Sample products, sales and customers"}
        </h2>
        <DashboardPreview name="sample-dashboard" signedIn data={data} />
      </section>
    </div>
  );
}
