import type { FieldMetadata } from "@conform-to/react";

/**
 * A field of any form, for components shared by several forms (name fields, choice groups, the picture field).
 * conform's FieldMetadata is invariant in its schema types, so no narrower type accepts every form's field.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above — the one place the app accepts any form's field metadata
export type AnyField = FieldMetadata<any, any, any>;
