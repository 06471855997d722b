import { LegalPage } from "~/domains/marketing/components/legal-page";
import { TERMS } from "~/domains/marketing/content/legal";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/terms";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => pageMeta({ title: TERMS.title, description: TERMS.lead });

export default function Terms() {
  return <LegalPage document={TERMS} />;
}
