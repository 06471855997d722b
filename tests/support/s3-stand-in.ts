import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an S3-compatible bucket service, written from the Amazon S3 REST API reference for the
 * operations `@tus/s3-store` uses (path-style addressing, `/<bucket>/<key>`): PutObject, GetObject, HeadObject,
 * DeleteObject, DeleteObjects, CreateMultipartUpload, UploadPart, ListParts (with part-number-marker paging),
 * CompleteMultipartUpload, AbortMultipartUpload and ListMultipartUploads. Objects live in memory (tests only).
 * Requests must carry a SigV4 Authorization header for the configured access key (the signature itself is not
 * recomputed), or be presigned (query-string authentication: that signature IS recomputed, and the expiry
 * checked); GetObject serves one byte range and `response-content-disposition`; `aws-chunked` bodies (the SDK's
 * streaming checksums) are decoded. Every operation is counted (`calls`), so a test can say which ones it exercised.
 */
export type S3StandIn = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Operation name → times called. */
  calls: Map<string, number>;
  objects: Map<string, { body: Buffer; metadata: Record<string, string>; contentType: string }>;
  uploads: Map<
    string,
    {
      key: string;
      parts: Map<number, { body: Buffer; etag: string }>;
      initiated: Date;
      metadata: Record<string, string>;
    }
  >;
  /** The settings that point the app at this stand-in. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

const MIN_PART_BYTES = 5 * 1024 * 1024;

function xmlEscape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function etagOf(body: Buffer): string {
  return `"${createHash("md5").update(body).digest("hex")}"`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return /aws-chunked/.test(req.headers["content-encoding"] ?? "") ? decodeAwsChunked(raw) : raw;
}

/** `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n\r\n` → the bytes. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1").split(";")[0]!, 16);
    if (!(size > 0)) break;
    out.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function metadataOf(req: IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith("x-amz-meta-") && typeof value === "string") metadata[name.slice("x-amz-meta-".length)] = value;
  }
  return metadata;
}

function sendXml(res: ServerResponse, status: number, xml: string) {
  res.writeHead(status, { "Content-Type": "application/xml", "x-amz-request-id": randomUUID() });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false) {
  if (head) {
    res.writeHead(status, { "x-amz-error-code": code });
    res.end();
    return;
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

function tagValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1]!);
}

/**
 * Why a presigned request (query-string authentication, SigV4) is refused, or null when it is genuine: the
 * access key, the signature recomputed with the secret over the canonical request (host, path, sorted query
 * without the signature, UNSIGNED-PAYLOAD), and the expiry (X-Amz-Date + X-Amz-Expires), as S3 checks them.
 */
function presignedRefusal(
  req: IncomingMessage,
  url: URL,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): { code: string; message: string } | null {
  const q = url.searchParams;
  const credential = q.get("X-Amz-Credential") ?? "";
  const [accessKey, day, region, service, terminal] = credential.split("/");
  const date = q.get("X-Amz-Date") ?? "";
  if (
    q.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256" ||
    accessKey !== keys.accessKeyId ||
    service !== "s3" ||
    terminal !== "aws4_request"
  ) {
    return { code: "InvalidAccessKeyId", message: "The AWS access key ID you provided does not exist in our records." };
  }
  if (q.get("X-Amz-SignedHeaders") !== "host" || !/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day) {
    return {
      code: "AuthorizationQueryParametersError",
      message: "The query-string authentication parameters are malformed.",
    };
  }
  const encode = (value: string) =>
    encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonical = [
    req.method ?? "GET",
    url.pathname,
    query,
    `host:${req.headers.host}`,
    "",
    "host",
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  let key: Buffer | string = `AWS4${keys.secretAccessKey}`;
  for (const part of [day!, region!, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part).digest();
  const expected = createHmac("sha256", key).update(toSign).digest();
  const given = Buffer.from(q.get("X-Amz-Signature") ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  }
  const signedAt = Date.UTC(
    +date.slice(0, 4),
    +date.slice(4, 6) - 1,
    +date.slice(6, 8),
    +date.slice(9, 11),
    +date.slice(11, 13),
    +date.slice(13, 15),
  );
  if (Date.now() > signedAt + Number(q.get("X-Amz-Expires")) * 1000)
    return { code: "AccessDenied", message: "Request has expired" };
  return null;
}

export async function startS3StandIn({
  bucket = "sellkit-test",
  accessKeyId = "STANDINKEY",
  secretAccessKey = "stand-in-secret",
} = {}): Promise<S3StandIn> {
  const calls = new Map<string, number>();
  const objects: S3StandIn["objects"] = new Map();
  const uploads: S3StandIn["uploads"] = new Map();
  const count = (operation: string) => calls.set(operation, (calls.get(operation) ?? 0) + 1);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const auth = req.headers.authorization ?? "";
    const presigned = url.searchParams.has("X-Amz-Signature");
    if (presigned) {
      const refusal = presignedRefusal(req, url, { accessKeyId, secretAccessKey, region: "us-east-1" });
      if (refusal) {
        await readBody(req);
        return sendError(res, 403, refusal.code, refusal.message, req.method === "HEAD");
      }
    } else if (
      !auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) ||
      !/SignedHeaders=[^,]+, ?Signature=[0-9a-f]{64}$/.test(auth)
    ) {
      await readBody(req);
      return sendError(
        res,
        403,
        "AccessDenied",
        "A SigV4 signature of the configured access key is required.",
        req.method === "HEAD",
      );
    }
    const [, bucketName, ...keyParts] = url.pathname.split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    if (bucketName !== bucket) {
      await readBody(req);
      return sendError(res, 404, "NoSuchBucket", "The specified bucket does not exist", req.method === "HEAD");
    }
    const query = url.searchParams;
    const method = req.method ?? "GET";

    if (!key) {
      if (method === "POST" && query.has("delete")) {
        count("DeleteObjects");
        const body = (await readBody(req)).toString("utf8");
        const keys = tagValues(body, "Key").map((k) =>
          k.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
        );
        for (const k of keys) objects.delete(k);
        return sendXml(
          res,
          200,
          `<DeleteResult>${keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join("")}</DeleteResult>`,
        );
      }
      if (method === "GET" && query.has("uploads")) {
        count("ListMultipartUploads");
        const items = [...uploads.entries()]
          .map(
            ([id, u]) =>
              `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join("");
        return sendXml(
          res,
          200,
          `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${items}</ListMultipartUploadsResult>`,
        );
      }
      await readBody(req);
      return sendError(res, 501, "NotImplemented", `${method} on the bucket is not implemented by the stand-in`);
    }

    if (method === "POST" && query.has("uploads")) {
      count("CreateMultipartUpload");
      await readBody(req);
      const uploadId = randomUUID().replace(/-/g, "");
      uploads.set(uploadId, { key, parts: new Map(), initiated: new Date(), metadata: metadataOf(req) });
      return sendXml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = query.get("uploadId");
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) {
        await readBody(req);
        return sendError(res, 404, "NoSuchUpload", "The specified multipart upload does not exist.");
      }
      if (method === "PUT") {
        count("UploadPart");
        const partNumber = Number(query.get("partNumber"));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
          await readBody(req);
          return sendError(
            res,
            400,
            "InvalidArgument",
            "Part number must be an integer between 1 and 10000, inclusive",
          );
        }
        const body = await readBody(req);
        const etag = etagOf(body);
        upload.parts.set(partNumber, { body, etag });
        res.writeHead(200, { ETag: etag });
        return res.end();
      }
      if (method === "GET") {
        count("ListParts");
        const marker = Number(query.get("part-number-marker") ?? 0);
        const maxParts = Number(query.get("max-parts") ?? 1000);
        const numbers = [...upload.parts.keys()].sort((a, b) => a - b).filter((n) => n > marker);
        const page = numbers.slice(0, maxParts);
        const truncated = numbers.length > page.length;
        const parts = page
          .map((n) => {
            const part = upload.parts.get(n)!;
            return `<Part><PartNumber>${n}</PartNumber><ETag>${xmlEscape(part.etag)}</ETag><Size>${part.body.length}</Size><LastModified>${upload.initiated.toISOString()}</LastModified></Part>`;
          })
          .join("");
        return sendXml(
          res,
          200,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>${
            truncated ? `<NextPartNumberMarker>${page.at(-1)}</NextPartNumberMarker>` : ""
          }<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
        );
      }
      if (method === "POST") {
        count("CompleteMultipartUpload");
        const body = (await readBody(req)).toString("utf8");
        const requested = tagValues(body, "Part").map((part) => ({
          number: Number(tagValues(part, "PartNumber")[0]),
          etag: (tagValues(part, "ETag")[0] ?? "").replace(/&quot;/g, '"'),
        }));
        const chunks: Buffer[] = [];
        for (const [index, part] of requested.entries()) {
          const stored = upload.parts.get(part.number);
          if (!stored || stored.etag !== part.etag)
            return sendError(res, 400, "InvalidPart", `Part ${part.number} was not uploaded or its ETag differs`);
          if (index > 0 && part.number <= requested[index - 1]!.number)
            return sendError(res, 400, "InvalidPartOrder", "The list of parts was not in ascending order.");
          if (index < requested.length - 1 && stored.body.length < MIN_PART_BYTES)
            return sendError(res, 400, "EntityTooSmall", "A part other than the last is smaller than 5 MiB.");
          chunks.push(stored.body);
        }
        const whole = Buffer.concat(chunks);
        objects.set(key, { body: whole, metadata: upload.metadata, contentType: "application/octet-stream" });
        uploads.delete(uploadId);
        const etag = `"${createHash("md5").update(whole).digest("hex")}-${requested.length}"`;
        return sendXml(
          res,
          200,
          `<CompleteMultipartUploadResult><Location>/${bucket}/${xmlEscape(key)}</Location><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === "DELETE") {
        count("AbortMultipartUpload");
        await readBody(req);
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
    }

    if (method === "PUT") {
      count("PutObject");
      const body = await readBody(req);
      objects.set(key, {
        body,
        metadata: metadataOf(req),
        contentType: req.headers["content-type"] ?? "application/octet-stream",
      });
      res.writeHead(200, { ETag: etagOf(body) });
      return res.end();
    }
    if (method === "GET" || method === "HEAD") {
      count(method === "GET" ? "GetObject" : "HeadObject");
      const object = objects.get(key);
      if (!object) return sendError(res, 404, "NoSuchKey", "The specified key does not exist.", method === "HEAD");
      const headers: Record<string, string | number> = {
        "Content-Type": object.contentType,
        "Content-Length": object.body.length,
        ETag: etagOf(object.body),
        "Last-Modified": new Date().toUTCString(),
        "Accept-Ranges": "bytes",
      };
      for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
      // GetObject's response-content-disposition override (only on signed requests, as S3 allows it).
      const disposition = query.get("response-content-disposition");
      if (disposition) headers["Content-Disposition"] = disposition;
      // One byte range (`Range: bytes=a-b`, `bytes=a-`), as GetObject serves it.
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
        if (start >= object.body.length || end < start)
          return sendError(res, 416, "InvalidRange", "The requested range is not satisfiable", method === "HEAD");
        const part = object.body.subarray(start, end + 1);
        res.writeHead(206, {
          ...headers,
          "Content-Length": part.length,
          "Content-Range": `bytes ${start}-${end}/${object.body.length}`,
        });
        return res.end(method === "GET" ? part : undefined);
      }
      res.writeHead(200, headers);
      return res.end(method === "GET" ? object.body : undefined);
    }
    if (method === "DELETE") {
      count("DeleteObject");
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    await readBody(req);
    return sendError(res, 501, "NotImplemented", `${method} is not implemented by the stand-in`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, "InternalError", String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const region = "us-east-1";
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    calls,
    objects,
    uploads,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
