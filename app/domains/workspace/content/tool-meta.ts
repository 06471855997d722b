import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";

/** A dashboard tool page's title and description, kept out of search engines as every signed-in page is. */
export function toolMeta(tool: { name: string; description: string }): MetaDescriptor[] {
  return [...pageMeta({ title: tool.name, description: tool.description }), { name: "robots", content: "noindex" }];
}
