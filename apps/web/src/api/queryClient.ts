import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already reported the failure; retrying a server "no" would only repeat the pop-up.
      retry: (count, err) => !(err instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
