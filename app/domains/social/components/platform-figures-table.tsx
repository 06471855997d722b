import { formatMoney } from "~/lib/money";
import { PLATFORM_RULES } from "../post-rules";
import type { PlatformFigures } from "../social-post";

/** Each network's clicks, views, orders, units and revenue from its posts' tracking links. */
export function PlatformFiguresTable({ rows, currency }: { rows: readonly PlatformFigures[]; currency: string }) {
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">No posts yet: plan one to see what each network brings.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Social posts by platform</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">Platform</th>
            {["Posts", "Clicks", "Views", "Orders", "Units", "Revenue"].map((name) => (
              <th key={name} scope="col" className="text-right">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.platform} className="border-t">
              <th scope="row" className="py-1 text-left font-normal">
                {PLATFORM_RULES[row.platform].label}
              </th>
              <td className="text-right">{row.posts}</td>
              <td className="text-right">{row.clicks}</td>
              <td className="text-right">{row.views}</td>
              <td className="text-right">{row.orders}</td>
              <td className="text-right">{row.units}</td>
              <td className="text-right">{formatMoney(row.revenueCents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
