import { identifyTemplatesFromPrompt } from './worker/engine/smart-create/identify';
import { extractAll } from './worker/engine/smart-create/extract';
import { matchTemplates } from './worker/engine/smart-create/rules';
for (const p of process.argv.slice(2)) {
  const ex = extractAll(p, '2026-11-21');
  console.log(JSON.stringify(ex.tokens), ex.state);
  console.log(JSON.stringify(matchTemplates(ex.text)));
  console.log(JSON.stringify(identifyTemplatesFromPrompt(p, { today: '2026-11-21' }), null, 1));
}
