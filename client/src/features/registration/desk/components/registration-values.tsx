import styled from 'styled-components';
import type { CallResult } from '#server/contracts/call.ts';
import type { registrationDetailCall } from '#server/contracts/registration-desk.ts';
import {
  type IdentificationFile,
  identificationFileUrl,
} from '#server/contracts/registration-identification.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { useApplicationFacts } from '#client/features/registration/application-facts.tsx';
import { formatFileSize } from '#client/lib/file-size.ts';

type RegistrationDetail = CallResult<typeof registrationDetailCall>;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    padding-bottom: ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** The identification document: a download of the file the applicant sent. */
function IdentificationFileLink({ file }: { file: IdentificationFile }) {
  return (
    <a href={identificationFileUrl(file.file_unique_code)} download={file.file_name}>
      {`${file.file_name}（${formatFileSize(file.file_size)}）`}
    </a>
  );
}

/** What the application says, step by step as its variant asked it (application-facts.tsx). */
export function RegistrationValues({ application }: { application: RegistrationDetail }) {
  const steps = useApplicationFacts(REGISTRATION_VARIANTS[application.cr_variant], application.values, {
    branchName: application.bb_name,
    identificationFile: application.identification_file ? (
      <IdentificationFileLink file={application.identification_file} />
    ) : undefined,
  });
  return steps.map(({ step, title, facts }) => (
    <Section key={step} aria-labelledby={`registration-${step}`}>
      <h2 id={`registration-${step}`}>{title}</h2>
      <FactList facts={facts} />
    </Section>
  ));
}
