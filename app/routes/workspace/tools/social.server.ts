import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { formErrorsOf, statusOf } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";
import {
  failureRefusal,
  formRefusal,
  INVALID_FORM_MESSAGE,
  unknownIntentRefusal,
} from "~/routes/http/form-refusal.server";
import { sellerTimeZone } from "~/domains/workspace/server/seller-time-zone.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { isPlatform } from "~/domains/social/post-rules";
import {
  duplicatePostSchema,
  markPostedSchema,
  movePostSchema,
  postFormSchema,
} from "~/domains/social/schemas/post-form";
import { SOCIAL_PATH } from "~/domains/social/social-paths";
import { deletePost } from "~/domains/social/server/delete-post.server";
import { duplicatePost } from "~/domains/social/server/duplicate-post.server";
import { markPostPosted } from "~/domains/social/server/mark-post-posted.server";
import { movePost } from "~/domains/social/server/move-post.server";
import { savePost } from "~/domains/social/server/save-post.server";

/** The Social Media Manager's forms by `intent`; refusals answer with field errors, success redirects with a toast. */
export async function submitSocialForm(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  {
    postId,
    fallbackTimeZone,
    back = SOCIAL_PATH,
    now = new Date(),
  }: { postId: string | null; fallbackTimeZone?: string; back?: string; now?: Date },
) {
  const intent = formData.get("intent");
  if (postId !== null && !isUuid(postId)) throw data(null, { status: 404 });
  const { db } = services;
  if (intent === "save-post") {
    const form = `save-post-${postId ?? "new"}`;
    const submission = parseWithZod(formData, { schema: postFormSchema });
    if (submission.status !== "success") return formRefusal(form, submission.reply(), 400, INVALID_FORM_MESSAGE);
    const value = submission.value;
    if (!isPlatform(value.platform)) return formRefusal(form, submission.reply(), 400, INVALID_FORM_MESSAGE);
    const timeZone = await sellerTimeZone(db, user.id, fallbackTimeZone);
    const saved = await savePost(db, user.id, postId, { ...value, platform: value.platform, timeZone }, now);
    if (!saved.ok) return formRefusal(form, submission.reply(formErrorsOf(saved)), statusOf(saved.code), saved.message);
    return redirectWithToast(`${SOCIAL_PATH}/${saved.id}`, { type: "success", title: "Post saved" });
  }
  if (intent === "move-post") {
    const submission = parseWithZod(formData, { schema: movePostSchema });
    if (submission.status !== "success") return formRefusal("move-post", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const moved = await movePost(db, user.id, submission.value.postId, submission.value.date, now);
    if (!moved.ok) return failureRefusal("move-post", moved);
    return redirectWithToast(back, { type: "success", title: "Post moved" });
  }
  if (!postId) throw data(null, { status: 404 });
  const page = `${SOCIAL_PATH}/${postId}`;
  if (intent === "duplicate-post") {
    const submission = parseWithZod(formData, { schema: duplicatePostSchema });
    if (submission.status !== "success" || !isPlatform(submission.value.platform))
      return formRefusal("duplicate-post", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const copy = await duplicatePost(db, user.id, postId, submission.value.platform);
    if (!copy.ok) {
      if (copy.code === "SOCIAL_POST_NOT_FOUND") throw data(null, { status: 404 });
      return failureRefusal("duplicate-post", copy);
    }
    return redirectWithToast(`${SOCIAL_PATH}/${copy.id}`, {
      type: "success",
      title: "Post duplicated",
      description: "The copy is a draft with its own tracking link.",
    });
  }
  if (intent === "mark-posted") {
    const submission = parseWithZod(formData, { schema: markPostedSchema });
    if (submission.status !== "success")
      return formRefusal("mark-posted", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const done = await markPostPosted(db, user.id, postId, submission.value.publicUrl);
    if (!done.ok) {
      if (done.code === "SOCIAL_POST_NOT_FOUND") throw data(null, { status: 404 });
      return formRefusal("mark-posted", submission.reply(formErrorsOf(done)), statusOf(done.code), done.message);
    }
    return redirectWithToast(page, { type: "success", title: "Marked as posted" });
  }
  if (intent === "delete-post") {
    const done = await deletePost(db, user.id, postId);
    if (!done.ok) throw data(null, { status: 404 });
    return redirectWithToast(SOCIAL_PATH, { type: "success", title: "Post deleted" });
  }
  return unknownIntentRefusal();
}
