import type { CertificateDto } from "@visa/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { useUploadCertificate } from "../api/upload-certificate";
import { errorText } from "../lib/error-text";

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** The certificate that signs letters, and a form to replace it with a PKCS#12 file. */
export function CertificateForm({ certificate }: { certificate: CertificateDto }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState("");
  const [saved, setSaved] = useState(false);
  const upload = useUploadCertificate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setSaved(false);
    upload.mutate(
      { file, passphrase },
      {
        onSuccess: () => {
          setSaved(true);
          setFile(null);
          setPassphrase("");
          if (input.current) input.current.value = "";
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-700">Signed by</dt>
        <dd className="break-words text-gray-900">{certificate.subject}</dd>
        <dt className="font-medium text-gray-700">Issued by</dt>
        <dd className="break-words text-gray-900">
          {certificate.selfSigned ? "Self-signed" : certificate.issuer}
        </dd>
        <dt className="font-medium text-gray-700">Valid</dt>
        <dd className="text-gray-900">
          {day(certificate.validFrom)} to {day(certificate.validTo)}
        </dd>
      </dl>
      {certificate.generated && (
        <Banner kind="info" quiet>
          Letters are signed with a certificate the portal generated. Upload your organisation's certificate
          so that validators can trace the signature to you.
        </Banner>
      )}
      <form onSubmit={submit} className="space-y-3" aria-label="Upload certificate">
        {saved && (
          <Banner kind="success" onDismiss={() => setSaved(false)}>
            Certificate uploaded. New letters are signed with it.
          </Banner>
        )}
        {upload.isError && (
          <Banner kind="error">{errorText(upload.error, "Failed to upload the certificate")}</Banner>
        )}
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-gray-800">
            Certificate file (.p12 or .pfx)
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-1.5 file:text-sm"
          />
        </div>
        <TextInput
          label="Passphrase"
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <Button type="submit" disabled={!file} busy={upload.isPending}>
          {upload.isPending ? "Uploading..." : "Upload certificate"}
        </Button>
      </form>
    </div>
  );
}
