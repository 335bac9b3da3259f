// current_reality: a baseline event that describes the accounts and recurring items already entered; it adds
// nothing to the forecast (the base profile already holds them). Offered only in baseline scenarios.
import { defineTemplate } from '../define';
import { text } from '../parameter-builders';

export const currentReality = defineTemplate({
  template_id: 'current_reality',
  name: 'Current Reality',
  description: 'Your finances as they are today: the accounts and recurring items you have entered.',
  icon: '📍',
  supports_baseline: true,
  baseline_name: 'Current Reality',
  baseline_description: 'Your accounts and recurring items as they are today.',
  group: null,
  parameters: [text('notes', 'Notes', '', { help_text: 'Anything worth remembering about today.' })],
  compile: () => [],
});
