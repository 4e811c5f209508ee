"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import { TRPC_MAX_BATCH } from "@/protocol/batch";
import type { AppRouter } from "@/server/routers/_app";
import { TRPCProvider } from "./trpc";

/**
 * Queries and mutations over HTTP; subscriptions over one WebSocket, opened only when first
 * needed (so never while rendering on the server).
 */
function makeClient() {
  const ws = createWSClient({
    url: () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/trpc-ws`,
    lazy: { enabled: true, closeMs: 10_000 },
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: wsLink({ client: ws, transformer: superjson }),
        false: httpBatchLink({
          url: "/api/trpc",
          transformer: superjson,
          maxItems: TRPC_MAX_BATCH,
        }),
      }),
    ],
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  const [trpcClient] = useState(makeClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
