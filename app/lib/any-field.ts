import type { FieldMetadata } from "@conform-to/react";

/** A field of any form: conform's FieldMetadata is invariant, so nothing narrower fits all. */
// biome-ignore lint/suspicious/noExplicitAny: see above — the one place the app accepts any form's field metadata
export type AnyField = FieldMetadata<any, any, any>;
