import { Copy } from 'lucide-react';
import { useRef } from 'react';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { IconButton } from '../ui/icon-button';

/** A phone order's link to read out or paste in a message: a read-only field and a button that copies it. */
export function CopyLink({ id, label, url }: { id: string; label: string; url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'The link is on your clipboard.' });
    } catch {
      // A browser without clipboard permission: the link is selected for the owner to copy by hand.
      input.current?.select();
      toast({ title: 'Could not copy', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Field id={id} label={label}>
      {(props) => (
        <div className="flex gap-2">
          <Input
            {...props}
            ref={input}
            readOnly
            value={url}
            className="flex-1 font-mono text-xs sm:text-xs"
            onFocus={(event) => event.target.select()}
          />
          <IconButton type="button" variant="outline" icon={Copy} onClick={() => void copy()}>
            Copy
          </IconButton>
        </div>
      )}
    </Field>
  );
}
