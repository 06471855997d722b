import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type CardTerminal, TerminalReaderError } from "~/domains/payments/server/payment-provider.server";
import type { CardReaderForm } from "~/flows/pos/schemas/card-reader";
import { type Failure, fail } from "~/lib/errors";

/**
 * Registers a Stripe Terminal reader by its code and keeps it on the seller's own register, or disconnects it. Card
 * payments at that register then run on the reader.
 */
export async function connectCardReader(
  services: { db: Database; terminal: CardTerminal | undefined },
  sellerId: string,
  form: CardReaderForm,
): Promise<
  | { ok: true; reader: { id: string; label: string } | null }
  | Failure<"POS_REGISTER_NOT_FOUND" | "POS_READER_UNAVAILABLE" | "POS_READER_REFUSED">
> {
  const found = await services.db.execute<{ name: string }>(sql`
    select name from registers where id = ${form.registerId}::uuid and user_id = ${sellerId} and archived_at is null`);
  const register = found.rows[0];
  if (!register) return fail("POS_REGISTER_NOT_FOUND");
  if (form.intent === "disconnect-reader") {
    await services.db.execute(sql`
      update registers set card_reader_id = null, card_reader_label = null where id = ${form.registerId}::uuid`);
    return { ok: true, reader: null };
  }
  if (!services.terminal) return fail("POS_READER_UNAVAILABLE");
  let reader: { id: string; label: string };
  try {
    reader = await services.terminal.registerReader({
      registrationCode: form.registrationCode,
      label: form.label || register.name,
      sellerId,
    });
  } catch (error) {
    if (error instanceof TerminalReaderError)
      return fail("POS_READER_REFUSED", `This reader could not be connected: ${error.message}`);
    throw error;
  }
  await services.db.execute(sql`
    update registers set card_reader_id = ${reader.id}, card_reader_label = ${reader.label.slice(0, 100)}
    where id = ${form.registerId}::uuid`);
  return { ok: true, reader: { id: reader.id, label: reader.label } };
}
