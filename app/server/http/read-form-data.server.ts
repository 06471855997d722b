import { data } from "react-router";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
export const UNSUPPORTED_FORM_MESSAGE = "Please submit the form from the page: this request is not form data.";
export const NUL_CHARACTER_MESSAGE = "Your form contains an invisible control character (NUL) that cannot be saved. Please remove it and try again.";

/**
 * The request's form fields; a body that is not form data is answered 415 with a clear message, never a 500.
 * A value with a NUL character is answered 400: no database text or JSON column can store one (PostgreSQL and PGlite
 * refuse it), so it would otherwise fail at the first write.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw data(UNSUPPORTED_FORM_MESSAGE, { status: 415 });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data(UNSUPPORTED_FORM_MESSAGE, { status: 400 });
  }
  for (const value of formData.values()) {
    if (typeof value === "string" && value.includes("\u0000")) throw data(NUL_CHARACTER_MESSAGE, { status: 400 });
  }
  return formData;
}
