// Prints the house-style prose figures of the TypeScript tree: comment words as a share of all words, and the share
// of comment sentences over 30 words. Usage: node scripts/prose-figures.mjs [folder …] (default: app server scripts
// tests).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const LONG_SENTENCE_WORDS = 30;
const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["app", "server", "scripts", "tests"];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

const wordsOf = (text) => text.match(/[A-Za-z0-9_]+/g)?.length ?? 0;

/** Comment texts and the word count of everything else in one file, from the comment ranges of TypeScript's parse. */
function scan(file) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  const collect = (list) => {
    for (const range of list ?? []) ranges.set(range.pos, range);
  };
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  const comments = [];
  let code = text;
  for (const range of [...ranges.values()].sort((a, b) => b.pos - a.pos)) {
    const comment = text.slice(range.pos, range.end);
    comments.push(comment.replace(/^\/\/+|^\/\*+|\*+\/$/g, "").replace(/^\s*\*\s?/gm, " "));
    code = code.slice(0, range.pos) + code.slice(range.end);
  }
  return { comments, codeWords: wordsOf(code) };
}

for (const folder of folders) {
  let commentWords = 0;
  let codeWords = 0;
  let sentences = 0;
  let longSentences = 0;
  for (const file of sourceFiles(folder)) {
    const result = scan(file);
    codeWords += result.codeWords;
    for (const comment of result.comments) {
      commentWords += wordsOf(comment);
      if (/^\s*(biome-ignore|@ts-|eslint|#region|#endregion)/.test(comment)) continue;
      for (const sentence of comment.split(/[.!?](?:\s|$)/)) {
        const count = wordsOf(sentence);
        if (count === 0) continue;
        sentences++;
        if (count > LONG_SENTENCE_WORDS) longSentences++;
      }
    }
  }
  const total = commentWords + codeWords;
  const share = (part, whole) => (whole === 0 ? 0 : (100 * part) / whole).toFixed(1);
  console.log(
    `${folder}: comment words ${share(commentWords, total)}% of ${total} words; ` +
      `${share(longSentences, sentences)}% of ${sentences} comment sentences over ${LONG_SENTENCE_WORDS} words`,
  );
}
