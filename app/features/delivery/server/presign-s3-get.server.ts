import { createHash, createHmac } from "node:crypto";

// A presigned GET URL of an S3 object (AWS Signature Version 4, query-string authentication), written from the
// Amazon S3 API reference ("Authenticating Requests: Using Query Parameters"): the download endpoint sends the
// buyer there with a 302 when product files live in a bucket, so the bytes do not pass through the app.

export type S3Location = {
  /** The service's address for path-style requests (S3_ENDPOINT); AWS's virtual-hosted address when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string) => createHash("sha256").update(data).digest("hex");

/** "20130524T000000Z" */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * A URL that GETs `key` for `expiresInSeconds` (at most 7 days, S3's limit), optionally overriding the answer's
 * Content-Disposition (`response-content-disposition`, signed with the rest).
 */
export function presignS3GetUrl(
  location: S3Location,
  key: string,
  options: { expiresInSeconds: number; responseContentDisposition?: string; now?: Date },
): string {
  const now = options.now ?? new Date();
  const timestamp = amzDate(now);
  const day = timestamp.slice(0, 8);
  const scope = `${day}/${location.region}/s3/aws4_request`;
  const encodedKey = key.split("/").map(encode).join("/");
  const base = location.endpoint
    ? new URL(`${location.endpoint.replace(/\/+$/, "")}/${encode(location.bucket)}/${encodedKey}`)
    : new URL(`https://${location.bucket}.${location.region === "us-east-1" ? "s3" : `s3.${location.region}`}.amazonaws.com/${encodedKey}`);
  const params: [string, string][] = [
    ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
    ["X-Amz-Credential", `${location.accessKeyId}/${scope}`],
    ["X-Amz-Date", timestamp],
    ["X-Amz-Expires", String(Math.min(Math.max(1, Math.floor(options.expiresInSeconds)), 604800))],
    ["X-Amz-SignedHeaders", "host"],
  ];
  if (options.responseContentDisposition) params.push(["response-content-disposition", options.responseContentDisposition]);
  const query = params
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = ["GET", base.pathname, query, `host:${base.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${location.secretAccessKey}`, day), location.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return `${base.origin}${base.pathname}?${query}&X-Amz-Signature=${signature}`;
}
