import { PLATFORM_STEPS } from "~/domains/sales-methods/content/platform-steps";
import { optionLabel, WEBSITE_PLATFORMS } from "~/domains/sales-methods/content/sales-options";

/** Where to paste the code on the chosen platform, its name for an HTML block, and the fallback without scripts. */
export function PlatformGuide({ platform }: { platform: string }) {
  const steps = PLATFORM_STEPS[platform as keyof typeof PLATFORM_STEPS] ?? PLATFORM_STEPS.other;
  return (
    <section aria-label="How to add it" className="grid gap-2 text-sm">
      <h3 className="font-medium">{`Add it on ${optionLabel(WEBSITE_PLATFORMS, platform)}: use the ${steps.block}`}</h3>
      <ol className="list-decimal space-y-1 pl-5">
        {steps.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-muted-foreground">{steps.withoutScripts}</p>
    </section>
  );
}
