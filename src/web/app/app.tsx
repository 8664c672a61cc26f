import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from '../components/ui/use-toast';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './routes';

// Radix's toast (with its collection, portal and swipe code) loads with the first toast, not with every page.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })));

function ToasterWhenNeeded() {
  // A toast stays in the store long after it closes, so the viewport stays mounted once it has been needed.
  const needed = useToasts().length > 0;
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

interface AppProps {
  /** The build-time prerender renders each page with its own client (src/web/entry-server.tsx). */
  client?: QueryClient;
  /** Runs once the app is on screen: after hydration of a prerendered page (src/web/main.tsx). */
  onMounted?: () => void;
  /** The server renders the page, or the browser hydrates that markup (`useHydrated` is false until it runs). */
  serverMarkup?: boolean;
}

export function App({ client = queryClient, onMounted, serverMarkup }: AppProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <QueryClientProvider client={client}>
      <AppRoutes serverMarkup={serverMarkup} />
      <ToasterWhenNeeded />
    </QueryClientProvider>
  );
}
