import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "./button";

/** "← Back to …" at the top of a detail page. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}>
      <ArrowLeft aria-hidden="true" /> {children}
    </Link>
  );
}
