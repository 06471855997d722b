import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { PointOfSale } from "~/flows/pos/components/point-of-sale";
import { CARD_READER_INTENTS, cardReaderFormSchema } from "~/flows/pos/schemas/card-reader";
import { shiftFormSchema } from "~/flows/pos/schemas/shift";
import { closeShift } from "~/flows/pos/server/close-shift.server";
import { connectCardReader } from "~/flows/pos/server/connect-card-reader.server";
import { ensureEventRegister } from "~/flows/event-sales/server/ensure-event-register.server";
import { CardReaderSettings, EventPicker } from "~/flows/pos/components/on-demand";
import { choosePosEvent, type PosEventChoice } from "~/flows/pos/pos-event";
import { ensureFirstRegister } from "~/flows/pos/server/ensure-first-register.server";
import { openShift } from "~/flows/pos/server/open-shift.server";
import { posMethodsOf } from "~/flows/pos/pos-rules";
import type { PosRegister } from "~/flows/pos/pos-types";
import { posPageQuery } from "~/flows/pos/server/pos-page-query.server";
import { priceToken } from "~/flows/pos/server/price-token.server";
import { recordDrawerMovement } from "~/flows/pos/server/record-drawer-movement.server";
import { findTool } from "~/domains/workspace/content/tools";
import { pageMeta } from "~/lib/meta";
import { resolveTimeZone } from "~/lib/zoned-time";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/pos";

const page = combinePageQueries({ pos: posPageQuery });

/** Which tool this URL is: the counter's POS System or the phone's Mobile POS (one page, two layouts). */
function toolOf(pathname: string) {
  return findTool(pathname.endsWith("/mobile-pos") ? "mobile-pos" : "pos")!;
}

/** The point of sale: registers, open shifts and the device's catalogue snapshot for selling offline. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  let user = await requireUser(context.services, ctx, { batch: context, page });
  if (user.page.pos.registers.length === 0) {
    await ensureFirstRegister(context.services.db, user.id);
    user = await requireUser(context.services, ctx, { page });
  }
  const slug = toolOf(ctx.url.pathname).slug;
  const choose = (): PosEventChoice =>
    slug === "mobile-pos"
      ? choosePosEvent(user.page.pos.events, user.page.pos.registers, ctx.url.searchParams, new Date())
      : { kind: "all" };
  let choice = choose();
  if (choice.kind === "event" && choice.registers.length === 0) {
    await ensureEventRegister(context.services.db, user.id, choice.event.id);
    user = await requireUser(context.services, ctx, { page });
    choice = choose();
  }
  const read = user.page;
  const secret = context.services.env.AUTH_SECRET ?? "";
  const now = Date.now();
  // An event's stall takes what the Event Sales setup accepts, on the counter too: the server refuses the rest.
  const eventMethods = posMethodsOf(read.pos.eventPaymentMethods);
  const withMethods = (registers: PosRegister[]) =>
    registers.map((r) => (r.atEvent ? { ...r, methods: eventMethods } : r));
  return {
    slug,
    event: choice.kind === "event" ? { id: choice.event.id, name: choice.event.name } : null,
    pick:
      choice.kind === "pick"
        ? { events: choice.events, timeZone: resolveTimeZone(read.pos.timeZone ?? readTimeZone(ctx)) }
        : null,
    registers: withMethods(choice.kind === "event" ? choice.registers : read.pos.registers),
    // Registers may connect a Stripe Terminal reader when Stripe is set up on this server.
    cardReaders: Boolean(context.services.payments.stripe?.terminal),
    // The phone's Mobile POS follows the Event Sales setup; the counter offers every method.
    methods: slug === "mobile-pos" ? eventMethods : posMethodsOf(null),
    items: read.pos.items.map((item) => ({
      ...item,
      priceToken: priceToken(secret, user.id, item.variantId ?? item.productId, item.priceCents, now),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const formData = await readFormData(request);
  if (CARD_READER_INTENTS.includes(String(formData.get("intent")))) {
    const readerForm = parseWithZod(formData, { schema: cardReaderFormSchema });
    if (readerForm.status !== "success") return data({ result: readerForm.reply() }, { status: 400 });
    const { services } = context;
    const connected = await connectCardReader(
      { db: services.db, terminal: services.payments.stripe?.terminal },
      user.id,
      readerForm.value,
    );
    if (!connected.ok) {
      const reply =
        connected.code === "POS_READER_REFUSED"
          ? readerForm.reply({ fieldErrors: { registrationCode: [connected.message] } })
          : readerForm.reply({ formErrors: [connected.message] });
      return data({ result: reply }, { status: 409 });
    }
    return redirectWithToast(ctx.url.pathname, {
      type: "success",
      title: connected.reader ? `Card reader ${connected.reader.label} connected` : "Card reader disconnected",
    });
  }
  const submission = parseWithZod(formData, { schema: shiftFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const { db } = context.services;
  if (form.intent === "open-shift") {
    const opened = await openShift(db, user.id, { registerId: form.registerId, openingFloatCents: form.openingFloat });
    if (!opened.ok) return data({ result: submission.reply({ formErrors: [opened.message] }) }, { status: 409 });
    return redirectWithToast(`${ctx.url.pathname}${ctx.url.search}`, { type: "success", title: "Shift opened" });
  }
  if (form.intent === "drawer") {
    const moved = await recordDrawerMovement(db, user.id, {
      shiftId: form.shiftId,
      kind: form.kind,
      amountCents: form.amount,
      reason: form.reason,
    });
    if (!moved.ok) return data({ result: submission.reply({ formErrors: [moved.message] }) }, { status: 409 });
    return data({ result: submission.reply({ resetForm: true }), recorded: form.kind });
  }
  const closed = await closeShift(db, user.id, { shiftId: form.shiftId, countedCashCents: form.countedCash });
  if (!closed.ok) return data({ result: submission.reply({ formErrors: [closed.message] }) }, { status: 409 });
  throw redirect(`/tools/pos/shifts/${form.shiftId}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tool = findTool(loaderData?.slug ?? "pos")!;
  return [
    ...pageMeta({ title: tool.name, description: tool.description }),
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "manifest", href: "/pos.webmanifest" },
  ];
};

export default function PosPage({ loaderData }: Route.ComponentProps) {
  const tool = findTool(loaderData.slug)!;
  if (loaderData.pick) return <EventPicker title={tool.name} {...loaderData.pick} />;
  return (
    <>
      <PointOfSale
        key={loaderData.event?.id ?? "all"}
        title={loaderData.event ? `${tool.name}: ${loaderData.event.name}` : tool.name}
        layout={loaderData.slug === "mobile-pos" ? "phone" : "counter"}
        registers={loaderData.registers}
        items={loaderData.items}
        methods={loaderData.methods}
      />
      {loaderData.cardReaders ? <CardReaderSettings registers={loaderData.registers} /> : null}
    </>
  );
}
