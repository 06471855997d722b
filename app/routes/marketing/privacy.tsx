import { LegalPage } from "~/domains/marketing/components/legal-page";
import { PRIVACY_POLICY } from "~/domains/marketing/content/legal";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/privacy";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.lead });

export default function Privacy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
