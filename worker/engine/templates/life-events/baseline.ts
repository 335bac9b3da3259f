// baseline: the marker of the starting point every scenario is compared with; never offered in a chooser or
// event form, and it compiles to nothing.
import { defineTemplate } from '../define';

export const baseline = defineTemplate({
  template_id: 'baseline',
  name: 'Baseline',
  description: 'The starting point every scenario is compared with.',
  icon: '⚓',
  supports_baseline: true,
  baseline_name: 'Baseline',
  baseline_description: 'Your current situation.',
  group: null,
  in_event_form: false,
  parameters: [],
  compile: () => [],
});
