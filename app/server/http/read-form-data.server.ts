import { data } from "react-router";
import { ERRORS, type ErrorBody, type ErrorCode, statusOf } from "~/lib/errors";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
export const UNSUPPORTED_FORM_MESSAGE = ERRORS.UNSUPPORTED_FORM.message;
export const NUL_CHARACTER_MESSAGE = ERRORS.NUL_CHARACTER.message;

/** A thrown answer with the catalogue's status and message for `code`. */
function refuse(code: ErrorCode) {
  return data<ErrorBody>({ code, message: ERRORS[code].message }, { status: statusOf(code) });
}

/** The request's form fields: 415 for other bodies, 400 for a NUL, which PostgreSQL cannot store. */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw refuse("UNSUPPORTED_FORM");
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw refuse("MALFORMED_FORM");
  }
  for (const value of formData.values()) {
    if (typeof value === "string" && value.includes("\u0000")) throw refuse("NUL_CHARACTER");
  }
  return formData;
}
