import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { z } from "zod";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { STOCK_IMPORT_ERRORS_SHOWN, STOCK_IMPORT_MAX_BYTES, itemName } from "~/domains/inventory/inventory-display";
import {
  adjustStockSchema,
  archiveLocationSchema,
  lowStockThresholdSchema,
  receiveStockSchema,
  shopSchema,
  stockCountSchema,
  stockImportSchema,
  transferStockSchema,
} from "~/domains/inventory/schemas/stock-forms";
import type { StoreAnswer } from "~/domains/inventory/store-answer";
import { ERRORS, type ErrorCode, type Failure, fieldOf, statusOf } from "~/lib/errors";
import type { AppServices } from "~/server/services.server";
import { archiveStockLocation } from "./archive-stock-location.server";
import { changeStock } from "./change-stock.server";
import { importStockCsv, type StockImportSummary } from "./import-stock-csv.server";
import { postStockCount } from "./post-stock-count.server";
import { reviewStockCount } from "./review-stock-count.server";
import { saveStockLocation } from "./save-stock-location.server";
import { setLowStockThreshold } from "~/domains/catalog/server/set-low-stock-threshold.server";
import { transferStock } from "./transfer-stock.server";

type Base = Pick<StoreAnswer, "intent" | "formKey">;

function refused(base: Base, fieldErrors: Record<string, string[]>, formError: string | null, status = 400) {
  return data<StoreAnswer>(
    {
      ...base,
      ok: false,
      answerId: randomUUID(),
      fieldErrors,
      formError,
      toast: { type: "error", title: "Not saved", description: formError ?? Object.values(fieldErrors)[0]?.[0] },
    },
    { status },
  );
}

function failed(base: Base, failure: Failure<ErrorCode>, fields: Record<string, string> = {}) {
  const field = fieldOf(failure.code);
  const name = field ? (fields[field] ?? field) : null;
  return refused(
    base,
    name ? { [name]: [failure.message] } : {},
    name ? null : failure.message,
    statusOf(failure.code),
  );
}

function done(base: Base, title: string, extra: Partial<StoreAnswer> = {}): StoreAnswer {
  return {
    ...base,
    ok: true,
    answerId: randomUUID(),
    fieldErrors: {},
    formError: null,
    toast: { type: "success", title },
    ...extra,
  };
}

function parse<S extends z.ZodType>(schema: S, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true as const, value: parsed.data as z.output<S> };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return { ok: false as const, fieldErrors };
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
};

function fieldsOf(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData.entries())
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

async function importText(formData: FormData): Promise<string | null> {
  const file = formData.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > STOCK_IMPORT_MAX_BYTES) return null;
    return file.text();
  }
  return text(formData, "csv") ?? null;
}

function importAnswer(mode: "count" | "receive", applied: boolean, summary: StockImportSummary, csv: string | null) {
  return {
    mode,
    applied,
    rows: summary.rows,
    changes: summary.changes,
    errors: summary.errors.slice(0, STOCK_IMPORT_ERRORS_SHOWN),
    moreErrors: Math.max(0, summary.errors.length - STOCK_IMPORT_ERRORS_SHOWN),
    csv,
  };
}

/** The Store Management page's forms, by `intent`: stock changes, counts, imports, thresholds and shops. */
export async function submitStoreManagement(services: AppServices, user: CurrentUser, formData: FormData) {
  const { db } = services;
  const intent = text(formData, "intent") ?? "";
  const fields = fieldsOf(formData);
  const itemKey = (name: string) => `${intent}:${fields[name] ?? ""}`;
  switch (intent) {
    case "receive":
    case "adjust": {
      const base = { intent, formKey: itemKey("variantId") };
      const parsed = intent === "receive" ? parse(receiveStockSchema, fields) : parse(adjustStockSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const value = parsed.value;
      const changed = await changeStock(
        db,
        user.id,
        user.id,
        value.intent === "receive"
          ? {
              kind: "received",
              variantId: value.variantId,
              locationId: value.locationId,
              quantity: value.quantity,
              note: value.note,
            }
          : {
              kind: "adjusted",
              variantId: value.variantId,
              locationId: value.locationId,
              quantity: value.quantity,
              reason: value.reason,
              note: value.note,
            },
      );
      if (!changed.ok) return failed(base, changed);
      return done(base, intent === "receive" ? `Received ${value.quantity}` : `Adjusted by ${value.quantity}`);
    }
    case "transfer": {
      const base = { intent, formKey: itemKey("variantId") };
      const parsed = parse(transferStockSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const moved = await transferStock(db, user.id, user.id, parsed.value);
      if (!moved.ok) return failed(base, moved, { locationId: "fromLocationId" });
      return done(base, `Transferred ${parsed.value.quantity}`);
    }
    case "threshold": {
      const base = { intent, formKey: itemKey("productId") };
      const parsed = parse(lowStockThresholdSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const saved = await setLowStockThreshold(db, user.id, parsed.value.productId, parsed.value.threshold);
      if (!saved.ok) return failed(base, saved);
      return done(base, parsed.value.threshold === null ? "Low-stock alert off" : "Low-stock alert saved");
    }
    case "save-location": {
      const base = { intent, formKey: itemKey("id") };
      const parsed = parse(shopSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const { id, ...details } = parsed.value;
      const saved = await saveStockLocation(db, user.id, id || null, details);
      if (!saved.ok) return failed(base, saved);
      return done(base, id ? `${details.name} saved` : `${details.name} added`);
    }
    case "archive-location":
    case "restore-location": {
      const base = { intent, formKey: itemKey("id") };
      const parsed = parse(archiveLocationSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const archived = await archiveStockLocation(db, user.id, parsed.value.id, intent === "archive-location");
      if (!archived.ok) return failed(base, archived);
      return done(base, intent === "archive-location" ? "Location archived" : "Location restored");
    }
    case "count-review":
    case "count-post": {
      const base = { intent, formKey: "count" };
      const variantIds = formData.getAll("variantId").map(String);
      const counted = formData.getAll("counted").map(String);
      const counts = variantIds
        .map((variantId, index) => ({ variantId, counted: counted[index] ?? "" }))
        .filter((count) => count.counted.trim() !== "");
      const parsed = parse(stockCountSchema, { intent, locationId: fields.locationId, counts });
      if (!parsed.ok) {
        const errors = parsed.fieldErrors;
        const formError = errors.counts?.[0] ?? errors.form?.[0] ?? null;
        const fieldErrors = Object.fromEntries(
          Object.entries(errors)
            .filter(([key]) => /^counts\.\d+\./.test(key))
            .map(([key, messages]) => [`counted.${counts[Number(key.split(".")[1])]?.variantId}`, messages]),
        );
        if (errors.locationId) fieldErrors.locationId = errors.locationId;
        return refused(base, fieldErrors, formError);
      }
      const { locationId } = parsed.value;
      const lines = parsed.value.counts.map((count) => ({ ...count, locationId }));
      if (intent === "count-post") {
        const posted = await postStockCount(db, user.id, user.id, lines);
        if (!posted.ok) return failed(base, posted);
        return done(base, `Count posted: ${posted.changed} ${posted.changed === 1 ? "item" : "items"} changed`);
      }
      const reviewed = await reviewStockCount(db, user.id, lines);
      if (!reviewed.ok) return failed(base, reviewed);
      return done(base, "Review the differences", {
        toast: null,
        countReview: {
          locationId,
          counts: parsed.value.counts,
          lines: reviewed.differences.map((line) => ({
            variantId: line.variantId,
            name: itemName(line.productName, line.variantTitle),
            sku: line.sku,
            onHand: line.onHand,
            counted: line.counted,
            difference: line.difference,
          })),
        },
      });
    }
    case "import-preview":
    case "import-apply": {
      const base = { intent, formKey: "import" };
      const parsed = parse(stockImportSchema, fields);
      if (!parsed.ok) return refused(base, parsed.fieldErrors, null);
      const csv = await importText(formData);
      if (csv === null) return refused(base, { file: ["Please choose a CSV file of at most 2 MB."] }, null, 400);
      if (csv.includes("\u0000")) return refused(base, { file: [ERRORS.NUL_CHARACTER.message] }, null, 400);
      const { mode } = parsed.value;
      const apply = intent === "import-apply";
      const imported = await importStockCsv(db, user.id, user.id, { text: csv, mode, apply });
      if (!imported.ok) {
        if (imported.code === "STOCK_IMPORT_EMPTY") return failed(base, imported);
        return data<StoreAnswer>(
          {
            ...base,
            ok: false,
            answerId: randomUUID(),
            fieldErrors: {},
            formError: imported.message,
            toast: { type: "error", title: "Nothing imported", description: imported.message },
            importAnswer: importAnswer(mode, false, imported.summary, null),
          },
          { status: statusOf(imported.code) },
        );
      }
      if (!apply)
        return done(base, "Preview ready", {
          toast: null,
          importAnswer: importAnswer(mode, false, imported.summary, csv),
        });
      return done(base, `Imported ${imported.summary.rows} ${imported.summary.rows === 1 ? "row" : "rows"}`, {
        importAnswer: importAnswer(mode, true, imported.summary, null),
      });
    }
    default:
      return refused({ intent, formKey: intent }, {}, "Please submit the form from the page.", 400);
  }
}
