// The figures docs/deploy.md gives about the template, read from the synthesized templates (the app as
// `npm run synth` builds it, with stub functions, which change no count): resources per stack, the
// functions whose role has more than one policy, each kind of function's timeout, and the alarms' metrics
// with their monthly cost. Run: npx tsx scripts/template-figures.ts
import { synthesizeTemplates } from '../infra/cloud-app.ts';
import { queues, routes, scheduleTargets, streamConsumers, wsRoutes } from '../shared/routes.ts';

/** CloudWatch, standard resolution: per metric an alarm evaluates (each metric of a math expression counts). */
const DOLLARS_PER_ALARM_METRIC_MONTH = 0.1;

/** The properties read here, of the resource types that have them (each read only on its own type). */
type Properties = {
  Policies?: { PolicyName: string }[];
  ManagedPolicyArns?: unknown[];
  Roles?: { Ref?: string }[];
  Description?: string;
  Timeout?: number;
  Role?: { 'Fn::GetAtt': [string, string] };
  MetricName?: string;
  Metrics?: { MetricStat?: unknown }[];
  AlarmDescription?: unknown;
};
type Resource = { Type: string; Properties: Properties };
type Template = { Resources: Record<string, Resource> };

const kindOf = new Map<string, string>([
  ...routes.map((r) => [r.handler, 'HTTP route'] as const),
  ...wsRoutes.map((r) => [r.handler, 'WebSocket route'] as const),
  ...queues.map((q) => [q.handler, `${q.name} queue worker`] as const),
  ...streamConsumers.map((c) => [c.handler, 'table stream consumer'] as const),
  ...scheduleTargets.map((t) => [t.handler, 'schedule target'] as const),
]);

const templates = new Map([...synthesizeTemplates({ bundling: 'stub' }, {})].map(([id, text]) => [id, JSON.parse(text) as Template]));

console.log('Resources per stack:');
for (const [id, template] of templates) console.log(`  ${id}: ${Object.keys(template.Resources).length}`);
console.log(`  all: ${[...templates.values()].reduce((sum, t) => sum + Object.keys(t.Resources).length, 0)}`);

const policiesOfRole = (template: Template, roleId: string): string[] => {
  const role = template.Resources[roleId].Properties;
  const inline = (role.Policies ?? []).map((p) => `inline ${p.PolicyName}`);
  const managed = (role.ManagedPolicyArns ?? []).map((arn) => `managed ${JSON.stringify(arn).replace(/.*policy\//, '').replace(/"\]\]\}$/, '')}`);
  const attached = Object.entries(template.Resources)
    .filter(([, r]) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles!.some((ref) => ref.Ref === roleId))
    .map(([id]) => `AWS::IAM::Policy ${id}`);
  return [...inline, ...managed, ...attached];
};

const functions = [...templates].flatMap(([stackId, template]) =>
  Object.entries(template.Resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .map(([id, r]) => {
      const handler = String(r.Properties.Description ?? '').match(/^functions\/(.+)\.ts$/)?.[1];
      return { stackId, name: handler ?? id, kind: (handler && kindOf.get(handler)) ?? 'CDK\'s own', timeout: r.Properties.Timeout ?? 3, policies: policiesOfRole(template, r.Properties.Role!['Fn::GetAtt'][0]) };
    }),
);

console.log(`\nFunctions whose role has more than one policy (of ${functions.length}):`);
for (const fn of functions.filter((f) => f.policies.length > 1)) console.log(`  ${fn.name} (${fn.stackId}): ${fn.policies.join('; ')}`);

console.log('\nTimeout by kind of function (seconds: count):');
const kinds = [...new Set(functions.map((f) => f.kind))];
for (const kind of kinds) {
  const ofKind = functions.filter((f) => f.kind === kind);
  const byTimeout = [...new Set(ofKind.map((f) => f.timeout))].sort((a, b) => a - b).map((t) => `${t} s: ${ofKind.filter((f) => f.timeout === t).length}`);
  console.log(`  ${kind}: ${byTimeout.join(', ')}`);
}

const alarms = [...templates.values()].flatMap((t) => Object.values(t.Resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm'));
const metricsOf = (alarm: Resource) => (alarm.Properties.MetricName ? 1 : alarm.Properties.Metrics!.filter((m) => m.MetricStat).length);
const alarmMetrics = alarms.reduce((sum, a) => sum + metricsOf(a), 0);
console.log(`\nAlarms: ${alarms.length}, evaluating ${alarmMetrics} metrics: $${(alarmMetrics * DOLLARS_PER_ALARM_METRIC_MONTH).toFixed(2)} a month at $${DOLLARS_PER_ALARM_METRIC_MONTH.toFixed(2)} per alarm metric`);
for (const alarm of alarms) console.log(`  ${metricsOf(alarm)}: ${String(alarm.Properties.AlarmDescription).slice(0, 100)}`);
