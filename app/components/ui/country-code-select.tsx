import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { DEFAULT_DIAL_CODE, DIAL_CODES, findDialCode } from "~/lib/phone/dial-codes";
import { createTypeAhead, findTypeAheadMatch } from "~/lib/type-ahead";

export const COUNTRY_CODE_LABEL = "Country code";
const NAMES = DIAL_CODES.map((entry) => entry.name);
const PAGE_STEP = 10;

const controlClass =
  "h-10 shrink-0 rounded-md border border-input bg-background text-base sm:text-sm disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";

type CountryCodeSelectProps = {
  /** The form field's name ("phoneCountry"). */
  name: string;
  defaultValue?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
};

/** The phone's country code: a native select, enhanced after hydration into a flag combobox with type-ahead. */
export function CountryCodeSelect({
  name,
  defaultValue = DEFAULT_DIAL_CODE,
  disabled = false,
  invalid = false,
  describedBy,
  className,
}: CountryCodeSelectProps) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [value, setValue] = useState(findDialCode(defaultValue) ? defaultValue : DEFAULT_DIAL_CODE);

  // Hydrated: keep what was chosen in the native select before the script ran, then enhance.
  useEffect(() => {
    if (disabled) return;
    const chosen = selectRef.current?.value;
    if (chosen && findDialCode(chosen)) setValue(chosen);
    setEnhanced(true);
  }, [disabled]);

  if (!enhanced) {
    return (
      <select
        ref={selectRef}
        name={name}
        defaultValue={value}
        disabled={disabled}
        aria-label={COUNTRY_CODE_LABEL}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(controlClass, "w-32 px-2", className)}
      >
        {DIAL_CODES.map((entry) => (
          <option key={entry.code} value={entry.code}>
            {`${entry.name} (${entry.code})`}
          </option>
        ))}
      </select>
    );
  }
  return (
    <CountryCodeCombobox
      name={name}
      value={value}
      onChange={setValue}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
    />
  );
}

function CountryCodeCombobox({
  name,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  name: string;
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
  describedBy?: string;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const selectedIndex = Math.max(
    0,
    DIAL_CODES.findIndex((entry) => entry.code === value),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(selectedIndex);
  const typeAhead = useRef(createTypeAhead());
  const selected = DIAL_CODES[selectedIndex]!;

  // The active option stays in view while the keyboard walks the list.
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const show = (index = selectedIndex) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    onChange(DIAL_CODES[index]!.code);
    setOpen(false);
    typeAhead.current.reset();
  };
  const last = DIAL_CODES.length - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const { key, altKey, ctrlKey, metaKey } = event;
    const typing = key.length === 1 && (key !== " " || typeAhead.current.isTyping(event.timeStamp));
    if (typing && !ctrlKey && !metaKey && !altKey) {
      const query = typeAhead.current.type(key, event.timeStamp);
      const match = findTypeAheadMatch(NAMES, query, open ? active : selectedIndex);
      event.preventDefault();
      if (match >= 0) show(match);
      else if (!open) show();
      return;
    }
    if (!open) {
      if (["ArrowDown", "ArrowUp", "Enter", " "].includes(key)) {
        event.preventDefault();
        show();
      } else if (key === "Home" || key === "End") {
        event.preventDefault();
        show(key === "Home" ? 0 : last);
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: clamp(active + 1),
      ArrowUp: clamp(active - 1),
      PageDown: clamp(active + PAGE_STEP),
      PageUp: clamp(active - PAGE_STEP),
      Home: 0,
      End: last,
    };
    if (key in moves && !(altKey && key === "ArrowUp")) {
      event.preventDefault();
      setActive(moves[key]!);
    } else if (key === "Enter" || key === " " || (altKey && key === "ArrowUp")) {
      event.preventDefault();
      choose(active);
    } else if (key === "Tab") {
      choose(active);
    } else if (key === "Escape") {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className={cn("relative shrink-0", className)}>
      <input type="hidden" name={name} value={selected.code} />
      <div
        role="combobox"
        tabIndex={0}
        aria-label={COUNTRY_CODE_LABEL}
        aria-controls={listId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        onClick={() => (open ? setOpen(false) : show())}
        onBlur={() => setOpen(false)}
        className={cn(controlClass, "flex w-28 cursor-pointer items-center gap-1.5 px-3 select-none")}
      >
        <span aria-hidden="true">{selected.flag}</span>
        <span>{selected.code}</span>
        <span className="sr-only">{selected.name}</span>
        <ChevronDown aria-hidden="true" className="ml-auto size-4 opacity-60" />
      </div>
      <div
        role="listbox"
        id={listId}
        aria-label={COUNTRY_CODE_LABEL}
        tabIndex={-1}
        hidden={!open}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute left-0 z-50 mt-1 max-h-60 w-72 overflow-y-auto rounded-md border border-input bg-background py-1 shadow-md"
      >
        {DIAL_CODES.map((entry, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the combobox, which owns the focus
          <div
            key={entry.code}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={entry.code === selected.code}
            onClick={() => choose(index)}
            onMouseMove={() => active !== index && setActive(index)}
            className={cn(
              "flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm",
              index === active && "bg-accent text-accent-foreground",
              entry.code === selected.code && "font-medium",
            )}
          >
            <span aria-hidden="true">{entry.flag}</span>
            <span className="truncate">{entry.name}</span>
            <span className="ml-auto tabular-nums">{entry.code}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
