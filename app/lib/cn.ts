import { clsx, type ClassValue } from "clsx";

/** Joins class names without tailwind-merge, so a passed `className` must not contradict the component's. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
