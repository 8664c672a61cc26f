import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { AppRoutes } from './routes';

interface AppProps {
  /** The build-time prerender renders each page with its own client (src/web/entry-server.tsx). */
  client?: QueryClient;
  /** Runs once the app is on screen: after hydration of a prerendered page (src/web/main.tsx). */
  onMounted?: () => void;
}

export function App({ client = queryClient, onMounted }: AppProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <QueryClientProvider client={client}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  );
}
