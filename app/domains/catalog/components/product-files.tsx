import { ArrowDown, ArrowUp, Pause, Pencil, Play, RotateCcw, Trash2, Upload as UploadIcon } from "lucide-react";
import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { Upload as TusUpload } from "tus-js-client";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import {
  checkFileName,
  FILE_TOO_LARGE_MESSAGE,
  fileSizeAllowed,
  formatDuration,
  formatFileSize,
  UPLOAD_CHUNK_BYTES,
  UPLOADS_PATH,
} from "../content/product-files";

/** A product file as the editor lists it. */
export type ProductFileItem = {
  id: string;
  name: string;
  size: number;
  contentType: string;
  completed: boolean;
  position: number;
};

/** The action route of the files' rename, reorder and remove. */
const FILES_ACTION = "/api/product-files";
/** Waits between automatic retries after a dropped connection. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/** Speed is measured over this window of progress events. */
const SPEED_WINDOW_MS = 5_000;

type UploadState = {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: "uploading" | "paused" | "retrying" | "failed" | "done";
  /** Bytes per second over the last SPEED_WINDOW_MS, once known. */
  speed: number | null;
  error?: string;
};

type Refused = { key: string; name: string; message: string };

/** The server's plain-text answer of a failed tus request, or a general message. */
function uploadErrorMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  const body = response?.getBody()?.trim();
  if (response && body && body.length < 300 && response.getStatus() >= 400 && response.getStatus() < 500) return body;
  return "The upload could not be completed. Check your connection and try again.";
}

/**
 * A product's files: resumable tus uploads with progress, pause and retries, then renaming, reordering and removing.
 * Picking the same file again after a reload resumes its unfinished upload.
 */
export function ProductFiles({ productId, files }: { productId: string; files: ProductFileItem[] }) {
  const inputId = useId();
  const revalidator = useRevalidator();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const handles = useRef(new Map<string, TusUpload>());
  const samples = useRef(new Map<string, { at: number; sent: number }[]>());
  const counter = useRef(0);

  useEffect(() => {
    const active = handles.current;
    return () => {
      for (const upload of active.values()) void upload.abort();
    };
  }, []);

  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Starts one file's upload; resolves once the server created it (or failed), so files keep the picked order. */
  async function startUpload(file: File): Promise<void> {
    let created = () => {};
    const ready = new Promise<void>((resolve) => {
      created = resolve;
    });
    counter.current += 1;
    const key = `upload-${counter.current}`;
    setUploads((list) => [
      ...list,
      { key, name: file.name, size: file.size, sent: 0, status: "uploading", speed: null },
    ]);
    const { Upload } = await import("tus-js-client");
    const upload = new Upload(file, {
      endpoint: UPLOADS_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { productId, filename: file.name, filetype: file.type || "application/octet-stream" },
      // One product's unfinished upload of this file is found again after a reload, not another product's.
      fingerprint: async (source) => {
        const f = source as File;
        return ["sellkit", productId, f.name, f.type, f.size, f.lastModified].join("/");
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable() {
        created();
      },
      onProgress(sent) {
        const now = Date.now();
        const window = [...(samples.current.get(key) ?? []), { at: now, sent }].filter(
          (s) => now - s.at <= SPEED_WINDOW_MS,
        );
        samples.current.set(key, window);
        const first = window[0]!;
        const speed = now > first.at && sent > first.sent ? ((sent - first.sent) * 1000) / (now - first.at) : null;
        update(key, { sent, speed, status: "uploading", error: undefined });
      },
      onShouldRetry(error, _attempt, options) {
        const status =
          (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
        const retry = !(status >= 400 && status < 500) || status === 409 || status === 423;
        if (retry && options.retryDelays) update(key, { status: "retrying" });
        return retry;
      },
      onError(error) {
        created();
        const message = uploadErrorMessage(error);
        update(key, { status: "failed", error: message });
        setAnnouncement(`Upload of ${file.name} failed: ${message}`);
      },
      onSuccess() {
        created();
        handles.current.delete(key);
        update(key, { status: "done", sent: file.size });
        setAnnouncement(`${file.name} uploaded.`);
        void revalidator.revalidate();
      },
    });
    handles.current.set(key, upload);
    samples.current.set(key, [{ at: Date.now(), sent: 0 }]);
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
    await ready;
  }

  function addFiles(list: FileList | File[]) {
    const accepted: File[] = [];
    const rejected: Refused[] = [];
    for (const file of Array.from(list)) {
      counter.current += 1;
      const key = `refused-${counter.current}`;
      if (!fileSizeAllowed(file.size)) rejected.push({ key, name: file.name, message: FILE_TOO_LARGE_MESSAGE });
      else {
        const name = checkFileName(file.name);
        if (!name.ok) rejected.push({ key, name: file.name, message: name.message });
        else accepted.push(file);
      }
    }
    setRefused(rejected);
    // Created one after the other, so the files keep the order picked; they then upload side by side.
    void (async () => {
      for (const file of accepted) await startUpload(file);
    })();
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    if (event.target.files) addFiles(event.target.files);
    event.target.value = "";
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  function pause(key: string) {
    void handles.current.get(key)?.abort();
    samples.current.delete(key);
    update(key, { status: "paused", speed: null });
    setAnnouncement("Upload paused.");
  }

  function resume(key: string) {
    const upload = uploads.find((u) => u.key === key);
    samples.current.set(key, [{ at: Date.now(), sent: upload?.sent ?? 0 }]);
    handles.current.get(key)?.start();
    update(key, { status: "uploading", error: undefined });
    setAnnouncement("Upload resumed.");
  }

  async function cancel(key: string) {
    const upload = handles.current.get(key);
    handles.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
    // Terminates the unfinished upload on the server, row included.
    await upload?.abort(true).catch(() => undefined);
    setAnnouncement("Upload cancelled.");
    void revalidator.revalidate();
  }

  const inFlight = uploads.filter((u) => u.status !== "done");
  // A row being uploaded from this page is shown once, as the upload in progress.
  const listed = files.filter((f) => f.completed || !inFlight.some((u) => u.name === f.name && u.size === f.size));

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-4">
      <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
        Files
      </h2>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a convenience; its label and input are the keyboard path. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "rounded-lg border-2 border-dashed p-6 text-center",
          dragging ? "border-primary bg-primary/5" : "border-input",
        )}
      >
        <UploadIcon aria-hidden="true" className="mx-auto size-6 text-muted-foreground" />
        <p className="mt-2 text-sm">Drag files here, or</p>
        <Label
          htmlFor={inputId}
          className="mt-2 inline-flex cursor-pointer rounded-md border border-input px-3 py-2 focus-within:ring-2 hover:bg-accent"
        >
          Choose files
        </Label>
        <input id={inputId} type="file" multiple className="sr-only" onChange={onPick} />
        <p className="mt-2 text-xs text-muted-foreground">Up to 2GB per file. Uploads resume where they stopped.</p>
      </div>

      {refused.length > 0 && (
        <ul
          role="alert"
          className="space-y-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {refused.map((r) => (
            <li key={r.key}>
              <span className="font-medium break-all">{r.name}</span>: {r.message}
            </li>
          ))}
        </ul>
      )}

      {inFlight.length > 0 && (
        <ul aria-label="Uploads in progress" className="space-y-3">
          {inFlight.map((u) => (
            <UploadRow
              key={u.key}
              upload={u}
              onPause={() => pause(u.key)}
              onResume={() => resume(u.key)}
              onCancel={() => void cancel(u.key)}
            />
          ))}
        </ul>
      )}

      {listed.length > 0 ? (
        <FileList productId={productId} files={listed} allFiles={files} />
      ) : (
        inFlight.length === 0 && (
          <p className="text-sm text-muted-foreground">No files yet. Add the files your buyers get.</p>
        )
      )}
    </section>
  );
}

function UploadRow({
  upload,
  onPause,
  onResume,
  onCancel,
}: {
  upload: UploadState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const percent = upload.size > 0 ? Math.floor((upload.sent / upload.size) * 100) : 100;
  const left = upload.speed && upload.speed > 0 ? (upload.size - upload.sent) / upload.speed : null;
  const status =
    upload.status === "paused"
      ? "Paused"
      : upload.status === "retrying"
        ? "Connection lost, retrying…"
        : upload.status === "failed"
          ? "Stopped"
          : upload.speed !== null
            ? `${formatFileSize(upload.speed)}/s · ${left !== null ? `${formatDuration(left)} left` : ""}`
            : "Starting…";
  return (
    <li className="rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{upload.name}</span>
        <span className="text-sm text-muted-foreground">
          {formatFileSize(upload.sent)} of {formatFileSize(upload.size)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${upload.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">
          {percent}% · {status}
        </span>
        <div className="flex gap-2">
          {upload.status === "paused" || upload.status === "failed" ? (
            <Button size="sm" variant="outline" onClick={onResume} aria-label={`Resume ${upload.name}`}>
              {upload.status === "failed" ? <RotateCcw aria-hidden="true" /> : <Play aria-hidden="true" />} Resume
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={onPause} aria-label={`Pause ${upload.name}`}>
              <Pause aria-hidden="true" /> Pause
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel upload of ${upload.name}`}>
            Cancel
          </Button>
        </div>
      </div>
      {upload.error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {upload.error}
        </p>
      )}
    </li>
  );
}

function FileList({
  productId,
  files,
  allFiles,
}: {
  productId: string;
  files: ProductFileItem[];
  allFiles: ProductFileItem[];
}) {
  const reorder = useFetcher<{ ok: boolean; message?: string }>();
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: "up" | "down"; from: string } | null>(
    null,
  );
  const pending = reorder.formData?.getAll("fileIds").map(String);
  const ordered = pending ? [...files].sort((a, b) => pending.indexOf(a.id) - pending.indexOf(b.id)) : files;

  const orderKey = ordered.map((f) => f.id).join(",");
  const saving = reorder.state !== "idle";
  // The moved file's button keeps the focus while the list is re-ordered (moving a node drops its focus).
  useEffect(() => {
    if (!focusAfterMove || !orderKey) return;
    const same = document.getElementById(
      `move-${focusAfterMove.direction}-${focusAfterMove.id}`,
    ) as HTMLButtonElement | null;
    const other = document.getElementById(
      `move-${focusAfterMove.direction === "up" ? "down" : "up"}-${focusAfterMove.id}`,
    ) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
    if (!saving && orderKey !== focusAfterMove.from) setFocusAfterMove(null);
  }, [focusAfterMove, orderKey, saving]);

  function move(id: string, direction: "up" | "down") {
    const ids = ordered.map((f) => f.id);
    const from = ids.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    // Files hidden here (being uploaded) keep their place at the end.
    const rest = allFiles.filter((f) => !ids.includes(f.id)).map((f) => f.id);
    const form = new FormData();
    form.set("intent", "reorder");
    form.set("productId", productId);
    for (const fileId of [...ids, ...rest]) form.append("fileIds", fileId);
    void reorder.submit(form, { method: "post", action: FILES_ACTION });
    setFocusAfterMove({ id, direction, from: orderKey });
  }

  return (
    <>
      {reorder.data && !reorder.data.ok && reorder.state === "idle" && (
        <p role="alert" className="text-sm text-destructive">
          {reorder.data.message}
        </p>
      )}
      <ol aria-label="Product files" className="divide-y rounded-lg border">
        {ordered.map((file, index) => (
          <FileRow
            key={file.id}
            file={file}
            first={index === 0}
            last={index === ordered.length - 1}
            onMove={(direction) => move(file.id, direction)}
          />
        ))}
      </ol>
    </>
  );
}

function FileRow({
  file,
  first,
  last,
  onMove,
}: {
  file: ProductFileItem;
  first: boolean;
  last: boolean;
  onMove: (direction: "up" | "down") => void;
}) {
  const rename = useFetcher<{ ok: boolean; message?: string }>();
  const remove = useFetcher<{ ok: boolean; message?: string }>();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  const errorId = `${nameId}-error`;
  const renameError = rename.state === "idle" && rename.data && !rename.data.ok ? rename.data.message : undefined;
  const shownName = rename.formData ? String(rename.formData.get("name")) : file.name;
  const saved = rename.state === "idle" && rename.data?.ok;

  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved]);

  function submitRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void rename.submit(event.currentTarget, { method: "post", action: FILES_ACTION });
  }

  if (remove.state !== "idle") return null;

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form onSubmit={submitRename} className="flex flex-1 flex-wrap items-end gap-2" noValidate>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="fileId" value={file.id} />
          <div className="min-w-48 flex-1 space-y-1">
            <Label htmlFor={nameId}>File name</Label>
            <Input
              id={nameId}
              name="name"
              defaultValue={file.name}
              required
              autoFocus
              aria-invalid={renameError ? true : undefined}
              aria-describedby={renameError ? errorId : undefined}
            />
            {renameError && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {renameError}
              </p>
            )}
          </div>
          <Button type="submit" size="sm" disabled={rename.state !== "idle"}>
            Save name
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="font-medium break-all">{shownName}</p>
          <p className="text-sm text-muted-foreground">
            {formatFileSize(file.size)} · {file.contentType}
            {!file.completed && " · Upload not finished: choose the same file again to resume it"}
          </p>
        </div>
      )}
      {!editing && (
        <div className="flex flex-wrap gap-2">
          <Button
            id={`move-up-${file.id}`}
            size="sm"
            variant="outline"
            disabled={first}
            onClick={() => onMove("up")}
            aria-label={`Move up ${file.name}`}
          >
            <ArrowUp aria-hidden="true" /> Move up
          </Button>
          <Button
            id={`move-down-${file.id}`}
            size="sm"
            variant="outline"
            disabled={last}
            onClick={() => onMove("down")}
            aria-label={`Move down ${file.name}`}
          >
            <ArrowDown aria-hidden="true" /> Move down
          </Button>
          {file.completed && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Rename ${file.name}`}>
              <Pencil aria-hidden="true" /> Rename
            </Button>
          )}
          {confirming ? (
            <remove.Form method="post" action={FILES_ACTION} className="flex gap-2">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="fileId" value={file.id} />
              <Button
                type="submit"
                size="sm"
                variant="destructive"
                autoFocus
                aria-label={`Confirm removing ${file.name}`}
              >
                Remove file
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </remove.Form>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Remove ${file.name}`}>
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          )}
        </div>
      )}
      {remove.data && !remove.data.ok && (
        <p role="alert" className="text-sm text-destructive">
          {remove.data.message}
        </p>
      )}
    </li>
  );
}
