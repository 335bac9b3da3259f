// The template form (spec section 2 Template form): a template's parameters and 'Create Scenario'.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function TemplateFormPage({ templateId }: { templateId: string }) {
  return (
    <PageFrame title="Create from Template" testId="template-form">
      <div data-template-id={templateId} />
    </PageFrame>
  );
}
