import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { showToast, type ToastMessage } from "./toast";

export type ToastThenNavigate = { toast: ToastMessage; to: string; delayMs: number };

/**
 * SPEC §4/§9 delays: show a toast, then go to `to` after `delayMs` (1–3 s). Runs once per `trigger` (the
 * loader or action result that caused it); leaving the page first cancels the navigation.
 */
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
