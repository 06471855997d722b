import { describe, expect, it } from "vitest";
import { lostLinksMail } from "~/domains/delivery/server/lost-links-mail.server";
import { receiptMail } from "~/domains/delivery/server/receipt-mail.server";
import { mailLayout } from "~/server/mail/mail-layout.server";
import { mailTemplates } from "~/server/mail/templates.server";

const WHEN = new Date("2026-11-23T10:00:00Z");
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe("mail layout", () => {
  it("writes the plain text in groups, a button as its label and url, and the footer last", () => {
    const mail = mailLayout({
      to: "a@example.com",
      subject: "Hello",
      sections: [
        ["One.", "Two."],
        [{ button: "Open", url: "https://x.example/a" }],
        [
          {
            details: [
              ["Order", "1"],
              ["Date", "today"],
            ],
          },
        ],
      ],
      footer: "— Team",
    });
    expect(mail.text).toBe("One.\nTwo.\n\nOpen: https://x.example/a\n\nOrder: 1\nDate: today\n\n— Team");
    expect(mail.subject).toBe("Hello");
    expect(mail.to).toBe("a@example.com");
  });

  it("escapes every value in the HTML: subject, preheader, paragraphs, links, details, notes and footer", () => {
    const evil = `<x>&"'`;
    const mail = mailLayout({
      to: "a@example.com",
      subject: evil,
      preheader: evil,
      sections: [
        [evil, { button: evil, url: `https://x.example/?a=1&b="2"` }],
        [{ details: [[evil, evil]] }, { sentence: evil, link: evil, url: "https://x.example/'" }],
        [{ links: [{ label: evil, url: "https://x.example/<l>", note: evil }] }],
      ],
      footer: evil,
    });
    expect(mail.html).not.toContain("<x>");
    expect(mail.html).not.toContain(`"'`);
    // Eleven values: the subject (as the title), the preheader, and every text above.
    expect(mail.html!.split("&lt;x&gt;&amp;&quot;&#39;")).toHaveLength(12);
    expect(hrefs(mail.html!)).toEqual([
      "https://x.example/?a=1&amp;b=&quot;2&quot;",
      "https://x.example/&#39;",
      "https://x.example/&lt;l&gt;",
    ]);
  });

  it("previews the first paragraph unless told otherwise", () => {
    const mail = mailLayout({
      to: "a@example.com",
      subject: "S",
      sections: [[{ button: "Go", url: "https://x.example" }, "First."]],
    });
    expect(mail.html).toContain('<div style="display:none;max-height:0;overflow:hidden">First.</div>');
  });
});

describe("the app's mails", () => {
  it("keep their account texts, links and footer", () => {
    expect(mailTemplates.verifyEmail("a@example.com", "https://app.example/verify?token=t&x=1").text).toBe(
      [
        "Welcome to Sellkit!",
        "Please confirm your email address to finish creating your account. The link is valid for 1 hour.",
        "",
        "Verify my email: https://app.example/verify?token=t&x=1",
        "",
        "— The Sellkit team",
      ].join("\n"),
    );
    expect(mailTemplates.passwordChanged("a@example.com", WHEN, "others").text).toBe(
      [
        "Your password was changed on Mon, 23 Nov 2026 10:00:00 GMT. Your other sessions were signed out.",
        "If this wasn't you, reset your password right away and contact support.",
        "",
        "— The Sellkit team",
      ].join("\n"),
    );
    const magic = mailTemplates.magicLink("a@example.com", "https://app.example/verify?token=t");
    expect(magic.subject).toBe("Your Sellkit sign-in link");
    expect(hrefs(magic.html!)).toEqual(["https://app.example/verify?token=t"]);
    expect(magic.html).toContain(">Sign in to Sellkit</a>");
    expect(magic.html).toContain("— The Sellkit team");
  });

  it("keep the receipt's text and its two links in order", () => {
    const mail = receiptMail({
      to: "b@example.com",
      orderId: "0b6f3f0e-8f7a-4b7e-9a51-2f0c7a1d9e11",
      productName: "Guide",
      amount: "$9.00",
      discount: null,
      storeName: "Ada's Shop",
      paidOn: "23 November 2026",
      downloadUrl: "https://app.example/purchases/o?token=t",
      lostLinkUrl: "https://app.example/purchases",
    });
    expect(mail.text).toBe(
      [
        "Thank you for your purchase from Ada's Shop.",
        "",
        "Order number: 0B6F3F0E",
        "Date: 23 November 2026",
        "Product: Guide",
        "Sold by: Ada's Shop",
        "Amount paid: $9.00",
        "",
        "Your files are ready. Keep this email: the link is your access to your purchase.",
        "Download your files: https://app.example/purchases/o?token=t",
        "",
        "Lost this email later? Ask for a new link at https://app.example/purchases",
        "",
        "— Sellkit, on behalf of the seller",
      ].join("\n"),
    );
    expect(hrefs(mail.html!)).toEqual(["https://app.example/purchases/o?token=t", "https://app.example/purchases"]);
    expect(mail.html).toContain(
      'Lost this email later? <a href="https://app.example/purchases" style="color:#1d4ed8">Ask for a new link</a>.',
    );
  });

  it("keep the lost-links text, one link per purchase in order and no footer", () => {
    const purchase = (n: number) => ({
      orderId: `${n}b6f3f0e-8f7a-4b7e-9a51-2f0c7a1d9e11`,
      productName: `Guide ${n}`,
      storeName: "Ada's Shop",
      orderedOn: `${n} November 2026`,
      downloadUrl: `https://app.example/purchases/${n}?token=t`,
    });
    const mail = lostLinksMail({
      to: "b@example.com",
      appUrl: "https://app.example",
      purchases: [purchase(1), purchase(2)],
    });
    expect(mail.subject).toBe("Your links to your 2 purchases");
    expect(mail.text).toBe(
      [
        "You asked for new links to your purchases on Sellkit. Each link below opens the download page of one purchase.",
        "",
        "Guide 1 from Ada's Shop (order 1B6F3F0E, 1 November 2026)",
        "https://app.example/purchases/1?token=t",
        "",
        "Guide 2 from Ada's Shop (order 2B6F3F0E, 2 November 2026)",
        "https://app.example/purchases/2?token=t",
        "",
        "Keep this email: the links are your access to your purchases. If you did not ask for it, you can ignore it. Lost it again? Ask for new links at https://app.example/purchases",
      ].join("\n"),
    );
    expect(hrefs(mail.html!)).toEqual([
      "https://app.example/purchases/1?token=t",
      "https://app.example/purchases/2?token=t",
    ]);
  });
});
