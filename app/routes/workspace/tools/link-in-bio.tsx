import { buttonClass } from "~/components/ui/button";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { absoluteUrl } from "~/domains/catalog/store-profile";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { BioEditor } from "~/domains/link-in-bio/components/bio-editor";
import { bioEditorQuery } from "~/domains/link-in-bio/server/bio-editor-query.server";
import { submitBioEditor } from "./bio-link.server";
import { describeSetup } from "~/domains/sales-methods/content/sales-options";
import { salesMethodQuery } from "~/domains/sales-methods/server/sales-method-query.server";
import { findTool } from "~/domains/workspace/content/tools";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import type { ToastMessage } from "~/lib/toast";
import { resolveTimeZone } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { ToolHeading } from "~/domains/workspace/components/tool-heading";
import { ToolSetupCard } from "~/domains/sales-methods/components/tool-setup-card";
import { useAnswerToast } from "~/lib/use-answer-toast";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
import type { Route } from "./+types/link-in-bio";

const TOOL = findTool("bio-link")!;

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

/** The editor's data, the social media setup and the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ editor: bioEditorQuery, setup: salesMethodQuery("social_media") }),
  });
  const { editor, setup } = page;
  return {
    editor,
    setup: setup ? describeSetup("social_media", setup.settings) : null,
    timeZone: resolveTimeZone(editor.timeZone ?? readTimeZone(ctx)),
    url: editor.handle && editor.profile ? absoluteUrl(context.services.env.APP_URL, bioPath(editor.handle)) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitBioEditor(context.services, user, await readFormData(request), readTimeZone(ctx));
}

type Answer = { form: string; result: { error?: Record<string, string[] | undefined> } | null; toast: ToastMessage };

/** Link in Bio: the seller's public page of links, products and an email sign-up, with its figures. */
export default function BioLinkTool({ loaderData, actionData }: Route.ComponentProps) {
  const { editor, setup, timeZone, url } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  const store = editor.store ?? {
    handle: "",
    name: "Your store",
    description: "",
    category: null,
    currency: "USD" as const,
    theme: "modern" as const,
    avatarUrl: null,
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ToolHeading tool={TOOL} />
      <section aria-labelledby="bio-address" className="mt-6 grid gap-3 rounded-lg border p-4">
        <h2 id="bio-address" className="font-semibold">
          Your page
        </h2>
        {url ? (
          <>
            <p className="break-all">
              <a href={url} className="font-medium underline underline-offset-4" target="_blank" rel="noopener">
                {url}
              </a>
            </p>
            <div className="flex flex-wrap gap-2">
              <a href="/tools/bio-link/qr.png" download className={buttonClass({ variant: "outline", size: "sm" })}>
                Download QR code (PNG)
              </a>
              <a href="/tools/bio-link/qr.svg" download className={buttonClass({ variant: "outline", size: "sm" })}>
                Download QR code (SVG)
              </a>
            </div>
          </>
        ) : (
          <p className="text-muted-foreground">Save your page once to publish it at your store's address.</p>
        )}
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Page views</dt>
            <dd className="font-semibold">{editor.views}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Email subscribers</dt>
            <dd className="font-semibold">{editor.subscribers}</dd>
          </div>
        </dl>
      </section>
      <div className="mt-8">
        <BioEditor
          data={editor}
          store={store}
          timeZone={timeZone}
          formName={answer?.form ?? null}
          errors={answer?.result?.error ?? {}}
        />
      </div>
      <ToolSetupCard method="social_media" setup={setup} />
    </div>
  );
}
