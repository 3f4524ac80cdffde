import { zodResolver } from "@hookform/resolvers/zod";
import { createUserSchema, MIN_PASSWORD_LENGTH } from "@visa/domain";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { Checkbox, TextInput } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { withReason } from "../../../lib/failure-message";
import { fieldError } from "../../../lib/field-error";
import { useCreateUser } from "../api/create-user";

type FormInput = z.input<typeof createUserSchema>;
type FormOutput = z.output<typeof createUserSchema>;
const EMPTY: FormInput = { firstName: "", lastName: "", email: "", password: "", isAdmin: false };

export interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
}

/** 'Create New User', checked with the schema the server uses. */
export function CreateUserModal({ open, onClose, onCreated }: CreateUserModalProps) {
  const formId = useId();
  const create = useCreateUser();
  const { reset: resetMutation } = create;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      resetMutation();
    }
  }, [open, reset, resetMutation]);

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, { onSuccess: () => onCreated("User created successfully") }),
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create New User"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={create.isPending}>
            {create.isPending ? "Creating..." : "Create User"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {create.isError && <Banner kind="error">{withReason(create.error, "Failed to create user")}</Banner>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="First Name"
            data-autofocus
            required
            autoComplete="off"
            error={fieldError("First Name", errors.firstName)}
            {...register("firstName")}
          />
          <TextInput
            label="Last Name"
            required
            autoComplete="off"
            error={fieldError("Last Name", errors.lastName)}
            {...register("lastName")}
          />
        </div>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          error={fieldError("Email", errors.email)}
          {...register("email")}
        />
        <TextInput
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          error={fieldError("Password", errors.password)}
          {...register("password")}
        />
        <Checkbox label="Admin User" {...register("isAdmin")} />
      </form>
    </Modal>
  );
}
