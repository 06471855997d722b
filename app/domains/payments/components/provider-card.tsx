import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import {
  type ConnectableProvider,
  type CONNECTION_STATUS_LABELS,
  PROVIDER_TEXTS,
} from "~/domains/payments/content/providers";
import { ConnectionStatusBadge } from "./connection-status-badge";

type Status = keyof typeof CONNECTION_STATUS_LABELS;

function CardShell({
  title,
  status,
  description,
  children,
}: {
  title: string;
  status: Status;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2">{title}</CardTitle>
        <ConnectionStatusBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <CardDescription>{description}</CardDescription>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * One provider on the connection page: its status and onboarding button when configured, otherwise disabled with what
 * the server lacks.
 */
export function ProviderCard({
  provider,
  configured,
  status,
  error,
}: {
  provider: ConnectableProvider;
  configured: boolean;
  status: Status;
  error?: string;
}) {
  const text = PROVIDER_TEXTS[provider];
  if (!configured) {
    return (
      <CardShell title={text.name} status="not_connected" description={text.description}>
        <p className="text-sm text-muted-foreground">{text.notConfigured}</p>
        <div>
          <Button type="button" disabled>
            {text.connect}
          </Button>
        </div>
      </CardShell>
    );
  }
  return (
    <CardShell title={text.name} status={status} description={text.description}>
      {status === "pending" ? (
        <p className="text-sm">
          {text.name} needs a few more details before you can take payments. Continue where you left off.
        </p>
      ) : null}
      {status === "ready" ? <p className="text-sm">You can take payments with {text.name}.</p> : null}
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="connect" />
          <input type="hidden" name="provider" value={provider} />
          <Button type="submit" variant={status === "ready" ? "outline" : "default"}>
            {status === "not_connected"
              ? text.connect
              : status === "pending"
                ? `Continue with ${text.name}`
                : `Update ${text.name} details`}
          </Button>
        </Form>
        {status !== "not_connected" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="refresh" />
            <input type="hidden" name="provider" value={provider} />
            <Button type="submit" variant="outline">
              Refresh status
            </Button>
          </Form>
        ) : null}
      </div>
    </CardShell>
  );
}

/** The built-in test provider, when this server has it: always ready, and clearly not real money. */
export function TestProviderCard({ text }: { text: string }) {
  return <CardShell title="Test provider" status="ready" description={text} />;
}
