import { formatBytes } from "~/features/catalog/format-bytes";

export type ProductFileRow = { id: string; name: string; size: number; contentType: string; completed: boolean };

/**
 * The product's files, read-only (name and size): what the buyer gets. Stands in for the upload component
 * (`<ProductFiles productId files />` from ./product-files) until that is merged.
 */
export function ProductFilesSummary({ files }: { files: readonly ProductFileRow[] }) {
  if (!files.length) return <p className="text-sm text-muted-foreground">No files yet.</p>;
  return (
    <ul className="grid gap-2">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
          <span className="min-w-0 break-all font-medium">{file.name}</span>
          <span className="text-muted-foreground">
            {formatBytes(file.size)}
            {file.completed ? "" : " (upload not finished)"}
          </span>
        </li>
      ))}
    </ul>
  );
}
