// A money list's Edit on a row that a scenario event created: such rows are changed through their event, so the
// list says so and opens the event's scenario with that event's form instead of its own modal.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useToast } from '../toast/ToastProvider';
import { ScenarioEventLinkError } from '../../data/repositories/errors';

type Entity = ConstructorParameters<typeof ScenarioEventLinkError>[0];

/** Returns a handler: true when the row belongs to an event (and the user was sent to it), false otherwise. */
export function useScenarioEventEdit(entity: Entity) {
  const showToast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (eventId: string | null | undefined, eventScenarioId: string | null): boolean => {
      if (!eventId) return false;
      const link = new ScenarioEventLinkError(entity, 'edit', eventId, eventScenarioId);
      showToast(link.message, 'info');
      if (link.scenarioId)
        void navigate({
          to: '/scenarios/$scenarioId',
          params: { scenarioId: link.scenarioId },
          search: { editEvent: link.eventId },
        });
      return true;
    },
    [entity, navigate, showToast],
  );
}
