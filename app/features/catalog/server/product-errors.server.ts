/** Whether a database error is the per-store slug's unique index refusing a duplicate. */
export function isSlugCollision(error: unknown): boolean {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "products_user_slug_idx") return true;
  }
  return false;
}
