import { zodResolver } from "@hookform/resolvers/zod";
import { MIN_PASSWORD_LENGTH, type UserDto, userPasswordSchema } from "@visa/domain";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { withReason } from "../../../lib/failure-message";
import { fieldError } from "../../../lib/field-error";
import { useChangeUserPassword } from "../api/change-user-password";

type FormInput = z.input<typeof userPasswordSchema>;

export interface ChangePasswordModalProps {
  user: UserDto | null;
  onClose: () => void;
  onChanged: (message: string) => void;
}

/** 'Change Password' for another user; the minimum length is checked here and on the server. */
export function ChangePasswordModal({ user, onClose, onChanged }: ChangePasswordModalProps) {
  const formId = useId();
  const change = useChangeUserPassword();
  const { reset: resetMutation } = change;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput>({ resolver: zodResolver(userPasswordSchema), defaultValues: { password: "" } });

  useEffect(() => {
    if (user) {
      reset({ password: "" });
      resetMutation();
    }
  }, [user, reset, resetMutation]);

  const onSubmit = handleSubmit(({ password }) => {
    if (!user) return;
    change.mutate(
      { id: user._id, password },
      { onSuccess: () => onChanged("Password changed successfully") },
    );
  });

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Change Password"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={change.isPending}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {change.isError && (
          <Banner kind="error">{withReason(change.error, "Failed to change password")}</Banner>
        )}
        <p>
          New password for{" "}
          <strong>
            {user?.firstName} {user?.lastName}
          </strong>{" "}
          ({user?.email}). Their current sessions end.
        </p>
        <TextInput
          label="New Password"
          data-autofocus
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          error={fieldError("New Password", errors.password)}
          {...register("password")}
        />
      </form>
    </Modal>
  );
}
