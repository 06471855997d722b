// The physical buy page's only script, inlined with the request's nonce. When the country, option or quantity
// changes, it asks the shipping-options resource and shows the options, the price summary and the country's regions.
// Without it the page still works through its "Show shipping options" button.
(() => {
  const form = document.querySelector("form[data-shipping-options]");
  if (!form || !window.fetch) return;
  const url = form.getAttribute("data-shipping-options");
  const currency = form.getAttribute("data-currency");
  const slot = form.querySelector("[data-shipping-slot]");
  const summarySlot = form.querySelector("[data-summary-slot]");
  const country = form.elements.namedItem("country");
  if (!url || !slot || !summarySlot || !country) return;
  const money = (cents) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2 }).format(cents / 100);
  const el = (tag, className, text) => {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text != null) made.textContent = text;
    return made;
  };
  const value = (name) => {
    const field = form.elements.namedItem(name);
    return field && "value" in field ? field.value : "";
  };
  let asked = 0;
  let shownCountry = country.value;

  function showError(message) {
    const line = document.getElementById(`${country.id}-error`);
    if (line) line.textContent = message || "";
    country.setAttribute("aria-invalid", message ? "true" : "false");
  }

  function showOptions(shipping) {
    if (!shipping || shipping.options.length === 0) return slot.replaceChildren();
    const set = el("fieldset", "grid gap-2");
    set.append(el("legend", "mb-1 text-sm font-medium", "Shipping"));
    for (const option of shipping.options) {
      const label = el("label", "flex items-center gap-3 rounded-md border p-3 text-sm");
      const radio = el("input", "size-4");
      radio.type = "radio";
      radio.name = "shippingRateId";
      radio.value = option.rateId;
      radio.checked = option.rateId === shipping.chosen;
      label.append(
        radio,
        el("span", "flex-1", option.name),
        el("span", "font-medium", option.priceCents === 0 ? "Free" : money(option.priceCents)),
      );
      set.append(label);
    }
    slot.replaceChildren(set);
  }

  function showSummary(summary) {
    if (!summary) return;
    const list = el("dl", "grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm");
    list.setAttribute("aria-label", "Price summary");
    const row = (term, figure, strong) => {
      list.append(
        el("dt", strong ? "border-t pt-2 text-base font-semibold" : "", term),
        el("dd", strong ? "border-t pt-2 text-right text-base font-semibold" : "text-right", figure),
      );
    };
    row("Subtotal", money(summary.subtotalCents));
    if (summary.discountCode) row(`Discount (${summary.discountCode})`, `−${money(summary.discountCents)}`);
    if (summary.ships)
      row(
        summary.shipping ? `Shipping (${summary.shipping.name})` : "Shipping",
        summary.shipping ? money(summary.shipping.priceCents) : "Enter your address",
      );
    row("Total", money(summary.amountCents), true);
    summarySlot.replaceChildren(list);
  }

  function showRegions(regions, regionLabel) {
    const current = form.elements.namedItem("region");
    if (!current?.id) return;
    const label = form.querySelector(`label[for="${current.id}"]`);
    const next = regions.length
      ? el("select", country.className)
      : el("input", form.elements.namedItem("city")?.className);
    if (regions.length) {
      next.append(el("option", "", "Choose one"));
      next.firstChild.value = "";
      for (const region of regions) {
        const option = el("option", "", region.name);
        option.value = region.code;
        next.append(option);
      }
    } else next.type = "text";
    for (const name of ["id", "name", "aria-describedby", "aria-invalid"]) {
      const kept = current.getAttribute(name);
      if (kept !== null) next.setAttribute(name, kept);
    }
    next.setAttribute("autocomplete", "address-level1");
    current.replaceWith(next);
    if (label) label.textContent = regions.length ? regionLabel || "Region" : "Region (optional)";
  }

  function requote() {
    const code = country.value;
    if (!code) return;
    const turn = ++asked;
    slot.replaceChildren(el("p", "text-sm text-muted-foreground", "Finding shipping options…"));
    const params = new URLSearchParams({
      country: code,
      variant: value("variantId"),
      quantity: value("quantity") || "1",
      discountCode: value("discountCode"),
    });
    fetch(`${url}?${params}`, { headers: { accept: "application/json" } })
      .then((response) => response.json())
      .then((answer) => {
        if (turn !== asked) return;
        if (code !== shownCountry) showRegions(answer.regions || [], answer.regionLabel);
        shownCountry = code;
        showError(answer.error);
        showOptions(answer.shipping);
        showSummary(answer.summary);
      })
      .catch(() => {
        if (turn === asked) slot.replaceChildren();
      });
  }

  form.addEventListener("change", (event) => {
    const name = event.target?.name;
    if (name === "country" || name === "variantId" || name === "quantity") requote();
  });
})();
