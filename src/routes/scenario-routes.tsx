// Route-level wrappers that read path and search params and hand them to the scenario feature pages,
// so those pages stay unaware of the router's route ids.
import { getRouteApi } from '@tanstack/react-router';
import { BuilderPage } from '../features/scenarios/builder/BuilderPage';
import { ComparePage } from '../features/scenarios/compare/ComparePage';
import { ScenarioDetailPage } from '../features/scenarios/detail/ScenarioDetailPage';
import { TemplateFormPage } from '../features/scenarios/templates/TemplateFormPage';

const compareApi = getRouteApi('/_app/scenarios/compare');
const templateApi = getRouteApi('/_app/scenarios/template/$templateId');
const detailApi = getRouteApi('/_app/scenarios/$scenarioId');
const builderEditApi = getRouteApi('/_app/scenarios/builder/$scenarioId');

export function CompareRoute() {
  const { selected, years } = compareApi.useSearch();
  return <ComparePage selected={selected ?? []} initialYears={years} />;
}

export function TemplateFormRoute() {
  const { templateId } = templateApi.useParams();
  return <TemplateFormPage templateId={templateId} />;
}

export function ScenarioDetailRoute() {
  const { scenarioId } = detailApi.useParams();
  const { editEvent } = detailApi.useSearch();
  return <ScenarioDetailPage scenarioId={scenarioId} editEvent={editEvent} />;
}

export function BuilderCreateRoute() {
  return <BuilderPage />;
}

/** /scenarios/builder/{scenarioId} is the same screen as /scenarios/{scenarioId} (spec section 2). */
export function BuilderEditRoute() {
  const { scenarioId } = builderEditApi.useParams();
  const { editEvent } = builderEditApi.useSearch();
  return <ScenarioDetailPage scenarioId={scenarioId} editEvent={editEvent} />;
}
