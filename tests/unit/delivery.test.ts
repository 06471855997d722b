import { describe, expect, it } from "vitest";
import {
  DOWNLOADS_PER_FILE_PER_DAY,
  downloadLimitMessage,
  matchDownloadPath,
  orderNumber,
  revokedMessage,
} from "~/domains/delivery/content/delivery-rules";
import { downloadRefusalPage } from "~/domains/delivery/server/download-refusal-page.server";
import { decideRange, ifRangeAllows } from "~/domains/delivery/server/byte-range.server";
import {
  checkDownloadSignature,
  signDownload,
  signedDownloadPath,
} from "~/domains/delivery/server/download-signature.server";
import { contentDisposition, planDownload } from "~/domains/delivery/server/download-response.server";
import { presignS3GetUrl } from "~/domains/delivery/server/presign-s3-get.server";
import { receiptMail } from "~/domains/delivery/server/receipt-mail.server";

const SECRET = "x".repeat(32);
const ORDER = "0b6f3f0e-8f7a-4b7e-9a51-2f0c7a1d9e11";
const FILE = "5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const OTHER = "6e2d3c4b-5f60-4b7c-9d8e-0f1a2b3c4d5e";
const EMAIL = "buyer@example.com";
const NOW = 1_800_000_000_000;

function linkOf(path: string) {
  const url = new URL(path, "http://x");
  return { expires: url.searchParams.get("expires"), sig: url.searchParams.get("sig") };
}

describe("signed download links", () => {
  const link = linkOf(signedDownloadPath(SECRET, { orderId: ORDER, fileId: FILE, email: EMAIL }, 600, NOW));

  it("are bound to order, file, buyer and expiry, valid for their TTL", () => {
    expect(signedDownloadPath(SECRET, { orderId: ORDER, fileId: FILE, email: EMAIL }, 600, NOW)).toMatch(
      new RegExp(`^/purchases/${ORDER}/files/${FILE}\\?expires=${NOW / 1000 + 600}&sig=[A-Za-z0-9_-]{43}$`),
    );
    expect(checkDownloadSignature(SECRET, { orderId: ORDER, fileId: FILE, email: EMAIL, ...link }, NOW)).toBe("valid");
    // The buyer's email is compared lower-cased (the order keeps what they typed).
    expect(
      checkDownloadSignature(SECRET, { orderId: ORDER, fileId: FILE, email: "Buyer@Example.COM", ...link }, NOW),
    ).toBe("valid");
    expect(checkDownloadSignature(SECRET, { orderId: ORDER, fileId: FILE, email: EMAIL, ...link }, NOW + 599_000)).toBe(
      "valid",
    );
  });

  it("refuse a tampered order, file, buyer, expiry or signature, and another key", () => {
    const base = { orderId: ORDER, fileId: FILE, email: EMAIL, ...link };
    expect(checkDownloadSignature(SECRET, { ...base, orderId: OTHER }, NOW)).toBe("invalid");
    expect(checkDownloadSignature(SECRET, { ...base, fileId: OTHER }, NOW)).toBe("invalid");
    expect(checkDownloadSignature(SECRET, { ...base, email: "someone@example.com" }, NOW)).toBe("invalid");
    expect(checkDownloadSignature(SECRET, { ...base, expires: String(Number(link.expires) + 3600) }, NOW)).toBe(
      "invalid",
    );
    const flipped = `${link.sig!.slice(0, -1)}${link.sig!.endsWith("A") ? "B" : "A"}`;
    expect(checkDownloadSignature(SECRET, { ...base, sig: flipped }, NOW)).toBe("invalid");
    expect(checkDownloadSignature("y".repeat(32), base, NOW)).toBe("invalid");
    for (const bad of [null, "", "abc", "1e9", "-5", "12345678901234"]) {
      expect(checkDownloadSignature(SECRET, { ...base, expires: bad }, NOW)).toBe("invalid");
    }
    for (const bad of [null, "", "short", `${link.sig}x`, "!".repeat(43)]) {
      expect(checkDownloadSignature(SECRET, { ...base, sig: bad }, NOW)).toBe("invalid");
    }
  });

  it("refuse an expired link (a genuine one says expired)", () => {
    const base = { orderId: ORDER, fileId: FILE, email: EMAIL, ...link };
    expect(checkDownloadSignature(SECRET, base, NOW + 600_000)).toBe("expired");
    expect(checkDownloadSignature(SECRET, base, NOW + 86_400_000)).toBe("expired");
    const past = { orderId: ORDER, fileId: FILE, email: EMAIL, expires: String(NOW / 1000 - 1) };
    expect(
      checkDownloadSignature(SECRET, { ...past, sig: signDownload(SECRET, { ...past, expires: NOW / 1000 - 1 }) }, NOW),
    ).toBe("expired");
  });
});

describe("byte ranges", () => {
  it("serve one range, a suffix or an open end, clamped to the file", () => {
    expect(decideRange(null, 100)).toEqual({ kind: "whole" });
    expect(decideRange("bytes=0-9", 100)).toEqual({ kind: "range", start: 0, end: 9 });
    expect(decideRange("bytes=50-", 100)).toEqual({ kind: "range", start: 50, end: 99 });
    expect(decideRange("bytes=-10", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(decideRange("bytes=-500", 100)).toEqual({ kind: "range", start: 0, end: 99 });
    expect(decideRange("bytes=90-500", 100)).toEqual({ kind: "range", start: 90, end: 99 });
  });
  it("answer 416 outside the file and ignore what is not one valid range", () => {
    expect(decideRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    for (const ignored of ["bytes=0-1,5-6", "items=0-5", "bytes=9-3", "bytes=-", "bytes=a-b", "0-5"]) {
      expect(decideRange(ignored, 100)).toEqual({ kind: "whole" });
    }
  });
  it("let If-Range and If-None-Match name the file by its strong ETag", () => {
    const etag = '"abc"';
    const date = new Date(NOW).toUTCString();
    expect(ifRangeAllows(null, etag, date)).toBe(true);
    expect(ifRangeAllows('"abc"', etag, date)).toBe(true);
    expect(ifRangeAllows('W/"abc"', etag, date)).toBe(false);
    expect(ifRangeAllows('"old"', etag, date)).toBe(false);
    expect(ifRangeAllows(date, etag, date)).toBe(true);
    expect(ifRangeAllows(new Date(NOW - 1000).toUTCString(), etag, date)).toBe(false);
    const file = {
      id: FILE,
      uploadId: "u",
      name: "a.pdf",
      contentType: "application/pdf",
      size: 100,
      sha256: "abc",
      completedAt: new Date(NOW),
    };
    const none = { method: "GET", range: null, ifRange: null, ifNoneMatch: null, ifModifiedSince: null };
    const noneMatch = (ifNoneMatch: string | null) => planDownload(file, { ...none, ifNoneMatch }).kind;
    expect(noneMatch('"x", "abc"')).toBe("not-modified");
    expect(noneMatch('W/"abc"')).toBe("not-modified");
    expect(noneMatch("*")).toBe("not-modified");
    expect(noneMatch('"x"')).toBe("send");
    expect(noneMatch(null)).toBe("send");
  });
  it("answer 304 to If-Modified-Since when the file is not newer, unless If-None-Match says otherwise", () => {
    const file = {
      id: FILE,
      uploadId: "u",
      name: "a.pdf",
      contentType: "application/pdf",
      size: 100,
      sha256: "abc",
      completedAt: new Date(NOW),
    };
    const none = { method: "GET", range: null, ifRange: null, ifNoneMatch: null, ifModifiedSince: null };
    const date = new Date(NOW).toUTCString();
    expect(planDownload(file, { ...none, ifModifiedSince: date }).kind).toBe("not-modified");
    expect(planDownload(file, { ...none, ifModifiedSince: new Date(NOW - 1000).toUTCString() }).kind).toBe("send");
    // If-None-Match decides alone when both are sent.
    expect(planDownload(file, { ...none, ifModifiedSince: date, ifNoneMatch: '"old"' }).kind).toBe("send");
  });
  it("count only downloads that start at byte 0", () => {
    const file = {
      id: FILE,
      uploadId: "u",
      name: "a.pdf",
      contentType: "application/pdf",
      size: 100,
      sha256: "abc",
      completedAt: new Date(NOW),
    };
    const ask = (range: string | null, extra: Partial<{ ifRange: string; ifNoneMatch: string }> = {}) =>
      planDownload(file, {
        method: "GET",
        range,
        ifRange: extra.ifRange ?? null,
        ifNoneMatch: extra.ifNoneMatch ?? null,
        ifModifiedSince: null,
      });
    expect(ask(null)).toEqual({ kind: "send", range: null, countsAsNewDownload: true });
    expect(ask("bytes=0-49")).toEqual({ kind: "send", range: { start: 0, end: 49 }, countsAsNewDownload: true });
    expect(ask("bytes=50-")).toEqual({ kind: "send", range: { start: 50, end: 99 }, countsAsNewDownload: false });
    // If-Range naming another version: the whole file, a new download.
    expect(ask("bytes=50-", { ifRange: '"old"' })).toEqual({ kind: "send", range: null, countsAsNewDownload: true });
    expect(ask(null, { ifNoneMatch: '"abc"' })).toEqual({ kind: "not-modified" });
    expect(ask("bytes=200-")).toEqual({ kind: "unsatisfiable" });
  });
});

describe("download answers", () => {
  it("are for the paths of signed file links only, ids as sent", () => {
    expect(matchDownloadPath(`/purchases/${ORDER}/files/${FILE}`)).toEqual({ orderId: ORDER, fileId: FILE });
    expect(matchDownloadPath("/purchases/%FF/files/%")).toEqual({ orderId: "%FF", fileId: "%" });
    for (const other of [
      `/purchases/${ORDER}`,
      "/purchases",
      `/purchases/${ORDER}/files/${FILE}/x`,
      `/purchases/${ORDER}/files/`,
      `/x/purchases/${ORDER}/files/${FILE}`,
    ]) {
      expect(matchDownloadPath(other)).toBeNull();
    }
  });

  it("refuse with a small page that escapes what it says", () => {
    const page = downloadRefusalPage("Access <revoked>", 'It\'s "gone" & <script>');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(page).toContain("<h1>Access &lt;revoked&gt;</h1>");
    expect(page).toContain("It&#39;s &quot;gone&quot; &amp; &lt;script&gt;");
    expect(page).not.toContain("<script>");
    expect(page).toContain('<a href="/purchases">');
  });

  it("name the file as an attachment, encoded, never as a path", () => {
    // A plain ASCII name needs no `filename*` (RFC 6266 §4.3: recipients prefer it only when present).
    expect(contentDisposition("Field guide.pdf")).toBe(`attachment; filename="Field guide.pdf"`);
    expect(contentDisposition('Příručka "v2".pdf')).toBe(
      `attachment; filename="P__ru_ka _v2_.pdf"; filename*=UTF-8''P%C5%99%C3%ADru%C4%8Dka%20%22v2%22.pdf`,
    );
    expect(contentDisposition("../../etc/passwd")).toBe(
      `attachment; filename=.._.._etc_passwd; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`,
    );
    expect(contentDisposition("100%25 done.pdf")).toBe(
      `attachment; filename="100_25 done.pdf"; filename*=UTF-8''100%2525%20done.pdf`,
    );
    expect(contentDisposition("a\r\nSet-Cookie: x")).toBe(
      `attachment; filename="a__Set-Cookie: x"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x`,
    );
  });
});

describe("presigned S3 GET URLs", () => {
  it("sign a GET of the object for its lifetime, capped at S3's seven days, with the attachment name", async () => {
    const location = {
      region: "us-east-1",
      bucket: "examplebucket",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    };
    const now = new Date("2013-05-24T00:00:00Z");
    const url = new URL(
      await presignS3GetUrl(location, "uploads/test.txt", {
        expiresInSeconds: 86400,
        now,
        responseContentDisposition: 'attachment; filename="a.pdf"',
      }),
    );
    expect(url.host).toBe("examplebucket.s3.us-east-1.amazonaws.com");
    expect(url.pathname).toBe("/uploads/test.txt");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request");
    expect(url.searchParams.get("X-Amz-Date")).toBe("20130524T000000Z");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("86400");
    expect(url.searchParams.get("response-content-disposition")).toBe('attachment; filename="a.pdf"');
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.has("x-amz-checksum-mode")).toBe(false);
    const capped = new URL(
      await presignS3GetUrl({ ...location, endpoint: "http://127.0.0.1:9000" }, "k", {
        expiresInSeconds: 10 ** 9,
        now,
      }),
    );
    expect(capped.origin + capped.pathname).toBe("http://127.0.0.1:9000/examplebucket/k");
    expect(capped.searchParams.get("X-Amz-Expires")).toBe("604800");
  });
});

describe("delivery texts", () => {
  it("say why access ended and what the limit is", () => {
    expect(revokedMessage("refunded")).toBe("Access to this purchase has been revoked because it was refunded.");
    expect(revokedMessage("disputed")).toBe("Access to this purchase has been revoked because it was disputed.");
    expect(downloadLimitMessage()).toBe(
      `You have reached today's download limit for this file (${DOWNLOADS_PER_FILE_PER_DAY}). It resets at midnight UTC.`,
    );
    expect(orderNumber(ORDER)).toBe("0B6F3F0E");
  });
  it("write a receipt with the order, date, product, seller, discount, amount and both links, HTML-escaped", () => {
    const mail = receiptMail({
      to: EMAIL,
      orderId: ORDER,
      productName: "Guide <b>",
      amount: "$8.10",
      discount: { code: "SPRING", amount: "$0.90" },
      storeName: "Ada's Shop",
      paidOn: "23 November 2026",
      downloadUrl: "https://shop.example/purchases/x?token=a&b",
      lostLinkUrl: "https://shop.example/purchases",
    });
    for (const part of [
      "Order number: 0B6F3F0E",
      "Date: 23 November 2026",
      "Product: Guide <b>",
      "Sold by: Ada's Shop",
      "Discount: SPRING: −$0.90",
      "Amount paid: $8.10",
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).toContain("Download your files: https://shop.example/purchases/x?token=a&b");
    expect(mail.text).toContain("https://shop.example/purchases");
    expect(mail.html).toMatch(
      /<a href="https:\/\/shop\.example\/purchases\/x\?token=a&amp;b"[^>]*>Download your files<\/a>/,
    );
    expect(mail.html).toContain("Guide &lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
  });
  it("word the receipt by what the order holds: files, goods with their address, or both", () => {
    const base = {
      to: EMAIL,
      orderId: ORDER,
      productName: "Field Tee",
      amount: "$34.00",
      storeName: "Ada's Shop",
      paidOn: "23 November 2026",
      downloadUrl: "https://shop.example/purchases/x?token=a",
      lostLinkUrl: "https://shop.example/purchases",
    };
    const address = {
      name: "Grace Hopper",
      line1: "1 Harbour Street",
      line2: "",
      city: "Portsmouth",
      region: "",
      postcode: "PO1 1AA",
      country: "GB",
    };
    const tee = { name: "Field Tee (M / Blue)", quantity: 1, total: "$29.00", kind: "physical" as const };
    const guide = { name: "Field Guide", quantity: 1, total: "$9.00", kind: "digital" as const };

    const goods = receiptMail({ ...base, lines: [tee], shippingAddress: address });
    expect(goods.text).not.toContain("Your files are ready");
    expect(goods.text).not.toContain("Download your files");
    expect(goods.text).toContain("We will email you when your goods ship");
    expect(goods.text).toContain("Shipping to:\nGrace Hopper\n1 Harbour Street\nPortsmouth, PO1 1AA");
    expect(goods.text).toContain("View your order: https://shop.example/purchases/x?token=a");

    const both = receiptMail({ ...base, lines: [tee, guide], shippingAddress: address });
    expect(both.text).toContain("Download your files: https://shop.example/purchases/x?token=a");
    expect(both.text).toContain("We will email you when your goods ship");
    expect(both.text).toContain("Shipping to:\nGrace Hopper");

    const files = receiptMail({ ...base, lines: [guide] });
    expect(files.text).toContain("Your files are ready.");
    expect(files.text).not.toContain("ship");
  });
});
