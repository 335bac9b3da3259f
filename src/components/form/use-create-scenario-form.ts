// The state and submit rule every "create a scenario" form shares (spec section 5, Scenario create / Builder):
// the name is required and trimmed ('Please enter a scenario name'), the description optional and trimmed.
// Callers decide what success and failure mean (navigate or close; the spec's failure texts differ).
import { useState, type FormEvent } from 'react';
import { createScenario } from '../../data/repositories/scenarios';
import type { WyrdDb } from '../../data/db';
import type { ScenarioRow } from '../../data/entities';

export const SCENARIO_NAME_MESSAGE = 'Please enter a scenario name';

/** A scenario's name and description as a form edits them. */
export type ScenarioDraft = {
  name: string;
  description: string;
  setName: (name: string) => void;
  setDescription: (description: string) => void;
};

export function useScenarioDraft(initialName = '', initialDescription = ''): ScenarioDraft {
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  return { name, description, setName, setDescription };
}

export function useCreateScenarioForm({
  db,
  isBaseline,
  onCreated,
  failureMessage,
}: {
  db: WyrdDb;
  isBaseline: boolean;
  onCreated: (scenario: ScenarioRow) => void;
  /** The message for a failed save, given the error (a validation detail or the spec's fallback text). */
  failureMessage: (err: unknown) => string;
}) {
  const draft = useScenarioDraft();
  const { name, description } = draft;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(SCENARIO_NAME_MESSAGE);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const scenario = await createScenario(db, {
        name: name.trim(),
        description: description.trim(),
        is_baseline: isBaseline,
      });
      setSaving(false);
      onCreated(scenario);
    } catch (err) {
      console.error('Could not create the scenario', err);
      setError(failureMessage(err));
      setSaving(false);
    }
  };

  return { draft, error, setError, saving, submit };
}
