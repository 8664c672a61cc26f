import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';

/** Spec section 8's texts, shown alike for no session, another customer's rental and an unknown id. */
export function RentalNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Rental Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        We couldn't find a rental with the provided ID. Please check your link or contact support.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/account-access">Access your rental account</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/contact">Contact support</Link>
        </Button>
      </div>
    </div>
  );
}
