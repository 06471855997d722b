import { data } from "react-router";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
export const UNSUPPORTED_FORM_MESSAGE = "Please submit the form from the page: this request is not form data.";

/** The request's form fields; a body that is not form data is answered 415 with a clear message, never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw data(UNSUPPORTED_FORM_MESSAGE, { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw data(UNSUPPORTED_FORM_MESSAGE, { status: 400 });
  }
}
