import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { showToast, type ToastMessage } from "./toast";

export type ToastThenNavigate = { toast: ToastMessage; to: string; delayMs: number };

/** Shows a toast, then goes to `to` after `delayMs`, once per `trigger`. */
export function useToastThenNavigate(trigger: unknown, step: ToastThenNavigate | null | undefined): void {
  const navigate = useNavigate();
  const latest = useRef(step);
  latest.current = step;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `trigger` (a new answer) is what starts it; the step is read from the ref
  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    showToast(current.toast);
    const timer = setTimeout(() => navigate(current.to), current.delayMs);
    return () => clearTimeout(timer);
  }, [trigger, navigate]);
}
