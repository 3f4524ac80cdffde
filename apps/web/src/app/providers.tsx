import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { Spinner } from "../components/Spinner";
import { ApiError } from "../lib/api-client";
import { getSession, onSessionChange } from "../lib/session";
import { router } from "./router";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // Client errors will not fix themselves; retry only network and server faults, once.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});

// Cached answers belong to one user: drop them when the signed-in user changes or logs out.
let cachedUser = getSession()?.userId ?? null;
onSessionChange(() => {
  const userId = getSession()?.userId ?? null;
  if (userId !== cachedUser) queryClient.clear();
  cachedUser = userId;
});

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner label="Loading..." />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
