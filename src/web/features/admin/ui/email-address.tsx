import { cn } from '@/web/lib/utils';

/**
 * An e-mail address that never breaks mid-word: when it must wrap, it wraps before the "@" (the one place a reader
 * expects), and a part still too long for its box is cut short with "…"; the whole address is its title.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return (
    <span title={email} className={cn('inline-flex max-w-full flex-wrap', className)}>
      <span className="max-w-full truncate">{local}</span>
      {domain && <span className="max-w-full truncate">{domain}</span>}
    </span>
  );
}
