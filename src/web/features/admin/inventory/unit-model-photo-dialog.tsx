import { ImageIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminUnitModel } from '@/contracts/admin/inventory';
import { MAX_PHOTO_BYTES, photoMessages, photoTypes } from '@/contracts/unit-model-photo';
import { Button } from '@/web/components/ui/button';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { DialogFrame } from '@/web/components/dialog-frame';
import { IconButton } from '../ui/icon-button';
import { useRemoveUnitModelPhoto, useUploadUnitModelPhoto } from './api';

/** What the picker refuses before sending (the server checks again, by the file's bytes). */
function fileProblem(file: File): string | null {
  if (!(photoTypes as readonly string[]).includes(file.type)) return photoMessages.wrongType;
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.tooLarge;
  return null;
}

/** Upload, replace or remove the photo that the site shows instead of the model's drawing. */
export function UnitModelPhotoDialog({ model }: { model: AdminUnitModel }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const done = { onSuccess: () => setOpen(false) };
  const upload = useUploadUnitModelPhoto(model, {
    ...done,
    // Said under the file field: no toast repeats it.
    onError: (error) => {
      setProblem(error.message);
      return 'shown';
    },
  });
  const remove = useRemoveUnitModelPhoto(model, done);
  const busy = upload.isPending || remove.isPending;

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        setProblem(null);
        setOpen(next);
      }}
      trigger={
        <IconButton icon={ImageIcon} size="sm" variant="ghost" aria-label={`Photo of ${model.name}`}>
          Photo
        </IconButton>
      }
      title={`Photo of ${model.name}`}
      description={
        model.photoUrl
          ? 'The site shows this photo instead of the drawing.'
          : 'No photo: the site shows a drawing of this model.'
      }
      className="max-w-md"
    >
      {model.photoUrl && (
        <div className="flex justify-center rounded-lg bg-secondary/60 py-4">
          <img
            src={model.photoUrl}
            alt={`Current photo of ${model.name}`}
            width={128}
            height={160}
            className="h-40 w-32 rounded-lg object-contain"
          />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{model.photoUrl ? 'Replace photo' : 'Upload photo'}</Label>
        <Input
          id={inputId}
          type="file"
          accept={photoTypes.join(',')}
          disabled={busy}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            const refused = fileProblem(file);
            setProblem(refused);
            if (!refused) upload.mutate(file);
          }}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          JPEG, PNG or WebP, up to 2 MB. It replaces the drawing on the site.
        </p>
        {problem && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        {model.photoUrl && (
          <Button variant="destructive" disabled={busy} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Removing...' : 'Remove Photo'}
          </Button>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
