import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type ChoiceTab = { id: string; label: string; content: ReactNode };

/** Tabs made of radio buttons and CSS, so they work on prerendered pages that ship no script. */
export function ChoiceTabs({
  name,
  label,
  tabs,
  defaultTab,
  className,
}: {
  name: string;
  label: string;
  tabs: ChoiceTab[];
  defaultTab?: string;
  className?: string;
}) {
  const selected = defaultTab ?? tabs[0]?.id;
  return (
    <div className={cn("choice-tabs", className)}>
      <fieldset className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">{label}</legend>
        {tabs.map((tab) => (
          <label key={tab.id} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={tab.id}
              defaultChecked={tab.id === selected}
              data-tab={tab.id}
              className="peer absolute inset-0 opacity-0"
            />
            <span className="block rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-ring">
              {tab.label}
            </span>
          </label>
        ))}
      </fieldset>
      {tabs.map((tab) => (
        <div key={tab.id} data-panel={tab.id} className="choice-panel mt-6">
          {tab.content}
        </div>
      ))}
    </div>
  );
}
