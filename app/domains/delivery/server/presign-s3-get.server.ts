import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

export type S3Location = {
  /** The service's address for path-style requests (S3_ENDPOINT); AWS's virtual-hosted address when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** S3's longest presigned lifetime: seven days. */
const MAX_EXPIRY_SECONDS = 604_800;

/** A presigned GET of `key`, so a download's bytes bypass the app. */
export async function presignS3GetUrl(
  location: S3Location,
  key: string,
  options: { expiresInSeconds: number; responseContentDisposition?: string; now?: Date },
): Promise<string> {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: Boolean(location.endpoint),
    // A plain GET link: no checksum-mode parameter the buyer's browser would not honour anyway.
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  const command = new GetObjectCommand({
    Bucket: location.bucket,
    Key: key,
    ResponseContentDisposition: options.responseContentDisposition,
  });
  const expiresIn = Math.min(Math.max(1, Math.floor(options.expiresInSeconds)), MAX_EXPIRY_SECONDS);
  return getSignedUrl(client, command, { expiresIn, signingDate: options.now });
}
