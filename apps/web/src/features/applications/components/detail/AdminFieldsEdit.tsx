import { APPLICATION_STATUSES } from "@visa/domain";
import { Check, Choice, DateField, LongText, Section } from "../form/controls";
import type { Bind } from "../form/fields";

/** Fields only an admin sets, in admin mode: status, letter and hard-copy mailing. */
export function AdminFieldsEdit({ bind }: { bind: Bind }) {
  return (
    <Section title="Administration">
      <Choice f={bind("status")} options={APPLICATION_STATUSES} />
      <div className="hidden sm:block" />
      <Check f={bind("letterEmailed")} />
      <DateField f={bind("letterEmailedDate")} />
      <div className="hidden sm:block" />
      <Check f={bind("hardCopyMailed")} />
      <DateField f={bind("hardCopyMailedDate")} />
      <div className="hidden sm:block" />
      <LongText f={bind("addressToMailHardCopy")} />
    </Section>
  );
}
