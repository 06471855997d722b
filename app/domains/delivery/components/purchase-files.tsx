import { Download } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { fileKind, formatFileSize } from "~/domains/catalog/describe-file";

export type PurchaseFileLink = { id: string; name: string; contentType: string; size: number; href: string };

/** The files of a purchase, each with its signed Download link. */
export function PurchaseFiles({ files }: { files: PurchaseFileLink[] }) {
  if (files.length === 0) {
    return (
      <p className="text-muted-foreground">
        The seller has not added any files to this product yet. This page will list them once they do.
      </p>
    );
  }
  return (
    <ul className="divide-y rounded-lg border">
      {files.map((file) => (
        <li key={file.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="break-words font-medium">{file.name}</p>
            <p className="text-sm text-muted-foreground">
              {fileKind(file.name, file.contentType)} · {formatFileSize(file.size)}
            </p>
          </div>
          <a href={file.href} className={buttonClass({ className: "shrink-0" })} aria-label={`Download ${file.name}`}>
            <Download aria-hidden="true" />
            Download
          </a>
        </li>
      ))}
    </ul>
  );
}
