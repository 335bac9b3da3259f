// Scenario detail (spec section 2 Scenario detail), also shown at /scenarios/builder/{scenarioId}:
// header, events timeline and the event form. ?editEvent={eventId} opens that event for editing.
// Only the page frame for now; its content belongs to a later issue.
import { Link } from '@tanstack/react-router';
import { PageFrame } from '../../components/layout/PageFrame';

export function ScenarioDetailPage({ scenarioId, editEvent }: { scenarioId: string; editEvent?: string }) {
  return (
    <PageFrame title="Scenario" testId="scenario-detail" actions={<Link to="/scenarios">← Back to scenarios</Link>}>
      <div data-scenario-id={scenarioId} data-edit-event={editEvent ?? ''} />
    </PageFrame>
  );
}
