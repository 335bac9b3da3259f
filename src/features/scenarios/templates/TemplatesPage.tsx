// The template chooser (spec section 2 Template chooser): the five groups of templates, each opening its
// form, and Smart Create with AI.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { FormMessage } from '../../../components/form/FormField';
import { PageFrame } from '../../../components/layout/PageFrame';
import { SmartCreateModal } from './SmartCreateModal';
import { PickCardFace } from '../PickCardFace';
import { loadTemplateGroups, type TemplateGroup } from './template-catalogue';
import { Button } from '../../../components/form/controls';
import '../surface.css';
import './templates.css';

function tryLoad(): { groups: TemplateGroup[] | null; error: string | null } {
  try {
    return { groups: loadTemplateGroups(), error: null };
  } catch (err) {
    console.error('Could not load templates', err);
    return { groups: null, error: 'Failed to load templates. Please try again.' };
  }
}

export function TemplatesPage() {
  const [loaded, setLoaded] = useState(tryLoad);
  const [smartOpen, setSmartOpen] = useState(false);
  const load = () => setLoaded(tryLoad());
  const { groups, error } = loaded;

  return (
    <PageFrame
      title="Choose a Template"
      testId="templates"
      actions={
        <div className="page-actions">
          <Link to="/scenarios" className="back-link">
            ← Back to scenarios
          </Link>
          <Button type="button" className="button button-primary" onClick={() => setSmartOpen(true)}>
            ✨ Smart Create with AI
          </Button>
        </div>
      }
    >
      {error && (
        <div className="load-error">
          <FormMessage type="error">{error}</FormMessage>
          <Button type="button" className="button button-ghost" onClick={load}>
            Try again
          </Button>
        </div>
      )}
      {groups?.map((g) => (
        <section key={g.name} className="template-group" aria-labelledby={`group-${g.name.replace(/\W+/g, '-')}`}>
          <h2 id={`group-${g.name.replace(/\W+/g, '-')}`}>{g.name}</h2>
          <ul className="template-grid">
            {g.templates.map((t) => (
              <li key={t.template_id}>
                <Link
                  to="/scenarios/template/$templateId"
                  params={{ templateId: t.template_id }}
                  className="pick-card template-card"
                  data-template-id={t.template_id}
                >
                  <PickCardFace icon={t.icon} name={t.name} description={t.description} iconClassName="template-icon" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {smartOpen && <SmartCreateModal onClose={() => setSmartOpen(false)} />}
    </PageFrame>
  );
}
