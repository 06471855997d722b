import type { StockImportMode } from "./stock-import-rows";
import type { ToastMessage } from "~/lib/toast";

/** A count line that differs from the ledger, as the review step shows it. */
export type CountReviewLine = {
  variantId: string;
  name: string;
  sku: string | null;
  onHand: number;
  counted: number;
  difference: number;
};

/** What an import's preview or apply answered: rows read, rows changing stock, refused rows. */
export type ImportAnswer = {
  mode: StockImportMode;
  applied: boolean;
  rows: number;
  changes: number;
  errors: { row: number; message: string }[];
  moreErrors: number;
  /** The checked file, sent back with the confirm step so nothing is kept on the server between the two. */
  csv: string | null;
};

/**
 * Every Store Management form's answer: which form it was, its errors, a toast, and a count's review or an import's
 * preview.
 */
export type StoreAnswer = {
  intent: string;
  formKey: string;
  ok: boolean;
  /** New for every answer, so a form that succeeded starts empty again. */
  answerId: string;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  toast: ToastMessage | null;
  countReview?: { locationId: string; lines: CountReviewLine[]; counts: { variantId: string; counted: number }[] };
  importAnswer?: ImportAnswer;
};
