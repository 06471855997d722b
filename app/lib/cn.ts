import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. It does not resolve Tailwind conflicts (tailwind-merge costs ~7 KB gzip on every page),
 * so a `className` passed to a component must add utilities, not contradict the component's own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
