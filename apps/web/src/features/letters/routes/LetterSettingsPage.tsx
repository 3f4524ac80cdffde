import type { ReactNode } from "react";
import { Banner } from "../../../components/Banner";
import { RejectionReasonsForm } from "../../../components/RejectionReasonsForm";
import { Spinner } from "../../../components/Spinner";
import { useOrganisation } from "../api/organisation";
import { CertificateForm } from "../components/CertificateForm";
import { ImageSetting } from "../components/ImageSetting";
import { OrganisationForm } from "../components/OrganisationForm";
import { TemplateSection } from "../components/TemplateSection";
import { errorText } from "../lib/error-text";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Admin 'Letters' tab: organisation letterhead, images, signing certificate, templates and rejection reasons. */
export default function LetterSettingsPage() {
  const organisation = useOrganisation();
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-gray-900">Letters</h2>
      {organisation.isPending ? (
        <Spinner label="Loading letter settings..." />
      ) : organisation.isError ? (
        <Banner kind="error">{errorText(organisation.error, "Failed to load letter settings")}</Banner>
      ) : (
        <>
          <Section id="letters-organisation" title="Organisation">
            <OrganisationForm organisation={organisation.data} />
          </Section>
          <Section id="letters-images" title="Logo and signature">
            <div className="grid gap-4 sm:grid-cols-2">
              <ImageSetting
                which="logo"
                present={organisation.data.hasLogo}
                version={organisation.data.updatedAt}
              />
              <ImageSetting
                which="signature"
                present={organisation.data.hasSignature}
                version={organisation.data.updatedAt}
              />
            </div>
          </Section>
          <Section id="letters-certificate" title="Signing certificate">
            <CertificateForm certificate={organisation.data.certificate} />
          </Section>
        </>
      )}
      <Section id="letters-templates" title="Letter templates">
        <TemplateSection />
      </Section>
      <Section id="letters-rejection-reasons" title="Rejection reasons">
        <RejectionReasonsForm />
      </Section>
    </div>
  );
}
