import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  adminRoleLabels,
  adminRoles,
  MIN_PASSWORD_LENGTH,
  newTeamMemberInput,
  type NewTeamMemberInput,
} from '@/contracts/admin/team';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useAddTeamMember } from './api';

const roleOptions = adminRoles.map((role) => ({ value: role, label: adminRoleLabels[role] }));
const blank: NewTeamMemberInput = { username: '', email: '', role: 'staff', password: '' };

/** Adds an admin or a staff member with a first password the owner hands over (they can change it after). */
export function AddMemberDialog() {
  const form = useForm<NewTeamMemberInput>({ resolver: zodResolver(newTeamMemberInput), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const add = useAddTeamMember(callbacks);
  const { errors } = form.formState;

  return (
    <FormDialogFrame
      {...dialog}
      trigger={<IconButton icon={UserPlus}>Add Member</IconButton>}
      title="Add Member"
      description="Staff run orders, deliveries, customers, e-mails and stock; they cannot create, waive or settle fees, edit e-mail templates, delete units or manage the team."
      onSubmit={form.handleSubmit((values) => add.mutate(values))}
      pendingLabel="Adding..."
      pending={add.isPending}
    >
      <Field id="member-username" label="Username" error={errors.username?.message}>
        {(props) => <Input {...props} autoComplete="off" {...form.register('username')} />}
      </Field>
      <Field id="member-email" label="Email" error={errors.email?.message}>
        {(props) => <Input {...props} type="email" autoComplete="off" {...form.register('email')} />}
      </Field>
      <SelectField control={form.control} name="role" id="member-role" label="Role" options={roleOptions} />
      <Field
        id="member-password"
        label="First password"
        description={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to them in person; they can change it under Account.`}
        error={errors.password?.message}
      >
        {(props) => <Input {...props} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
    </FormDialogFrame>
  );
}
