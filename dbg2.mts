import { identifyTemplatesFromPrompt } from './worker/engine/smart-create/identify';
for (const p of process.argv.slice(2)) {
  const r = identifyTemplatesFromPrompt(p, { today: '2026-11-21' });
  console.log(p, '\n   =>', r.templates.map((t) => `${t.template_id} ${t.trigger_month} ${JSON.stringify(t.parameters)}`).join(' | '), '\n   name:', r.scenario_name, '\n   desc:', r.scenario_description, r.error ? r.error.code : '');
}
