import { zodResolver } from "@hookform/resolvers/zod";
import { type UserDto, updateUserSchema } from "@visa/domain";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { withReason } from "../../../lib/failure-message";
import { fieldError } from "../../../lib/field-error";
import { useUpdateUser } from "../api/update-user";

type FormInput = z.input<typeof updateUserSchema>;
type FormOutput = z.output<typeof updateUserSchema>;

export interface EditUserModalProps {
  /** The user being edited; null keeps the dialog closed. */
  user: UserDto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** 'Edit User': first name, last name and e-mail. */
export function EditUserModal({ user, onClose, onSaved }: EditUserModalProps) {
  const formId = useId();
  const update = useUpdateUser();
  const { reset: resetMutation } = update;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(updateUserSchema) });

  useEffect(() => {
    if (user) {
      reset({ firstName: user.firstName, lastName: user.lastName, email: user.email });
      resetMutation();
    }
  }, [user, reset, resetMutation]);

  const onSubmit = handleSubmit((input) => {
    if (!user) return;
    update.mutate({ id: user._id, input }, { onSuccess: () => onSaved("User updated successfully") });
  });

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Edit User"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {update.isError && <Banner kind="error">{withReason(update.error, "Failed to update user")}</Banner>}
        <TextInput
          label="First Name"
          data-autofocus
          required
          error={fieldError("First Name", errors.firstName)}
          {...register("firstName")}
        />
        <TextInput
          label="Last Name"
          required
          error={fieldError("Last Name", errors.lastName)}
          {...register("lastName")}
        />
        <TextInput
          label="Email"
          type="email"
          required
          error={fieldError("Email", errors.email)}
          {...register("email")}
        />
      </form>
    </Modal>
  );
}
