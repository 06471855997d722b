// What the buyer gets, in words: a file's kind and size (browser-safe).

/** By extension (lowercase, without the dot). */
const KINDS_BY_EXTENSION: Record<string, string> = {
  pdf: "PDF document",
  epub: "EPUB e-book",
  mobi: "Kindle e-book",
  azw3: "Kindle e-book",
  zip: "ZIP archive",
  rar: "RAR archive",
  "7z": "7-Zip archive",
  gz: "Compressed archive",
  tgz: "Compressed archive",
  mp4: "MP4 video",
  mov: "QuickTime video",
  webm: "WebM video",
  mkv: "Matroska video",
  mp3: "MP3 audio",
  wav: "WAV audio",
  m4a: "M4A audio",
  flac: "FLAC audio",
  png: "PNG image",
  jpg: "JPEG image",
  jpeg: "JPEG image",
  gif: "GIF image",
  webp: "WebP image",
  svg: "SVG image",
  psd: "Photoshop file",
  ai: "Illustrator file",
  fig: "Figma file",
  sketch: "Sketch file",
  ttf: "Font",
  otf: "Font",
  woff2: "Font",
  doc: "Word document",
  docx: "Word document",
  xls: "Excel spreadsheet",
  xlsx: "Excel spreadsheet",
  csv: "CSV spreadsheet",
  ppt: "PowerPoint presentation",
  pptx: "PowerPoint presentation",
  key: "Keynote presentation",
  txt: "Text file",
  md: "Markdown text",
  html: "HTML file",
  json: "JSON file",
  exe: "Windows program",
  msi: "Windows installer",
  dmg: "macOS disk image",
  pkg: "macOS installer",
  apk: "Android app",
  iso: "Disk image",
};

/** By the top-level content type when the extension says nothing. */
const KINDS_BY_TYPE: Record<string, string> = {
  video: "Video",
  audio: "Audio",
  image: "Image",
  text: "Text file",
  font: "Font",
};

/** "PDF document", "ZIP archive", …; "File" when nothing is known. */
export function fileKind(name: string, contentType: string): string {
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (extension && KINDS_BY_EXTENSION[extension]) return KINDS_BY_EXTENSION[extension];
  if (contentType === "application/pdf") return KINDS_BY_EXTENSION.pdf!;
  if (contentType === "application/zip") return KINDS_BY_EXTENSION.zip!;
  const top = contentType.split("/")[0] ?? "";
  return KINDS_BY_TYPE[top] ?? "File";
}

const UNITS = ["KB", "MB", "GB", "TB"] as const;

/** Bytes for people, in powers of 1024: "812 bytes", "1.4 MB", "2.0 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}
