// CloudFormation's checks of a template, made before a deploy instead of during one: every resource
// against its type's schema in the CloudFormation registry, as @aws-cdk/aws-service-spec ships it (the
// database CDK's own L1 classes are generated from), and the documented per-stack quotas.
// The database (db.json.gz) holds entities with an `$id` each; a property's type names a type definition
// as `{ $ref: <$id> }`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

type PropertyType =
  | { type: 'string' | 'date-time'; allowedValues?: string[] }
  | { type: 'integer' | 'number' | 'boolean' | 'json' | 'tag' }
  | { type: 'array' | 'map'; element: PropertyType }
  | { type: 'union'; types: PropertyType[] }
  | { type: 'ref'; reference: { $ref: string } };
interface PropertySpec {
  type: PropertyType;
  /** Types the property had before: CloudFormation still accepts them. */
  previousTypes?: PropertyType[];
  required?: boolean;
}
type Properties = Record<string, PropertySpec>;
interface ResourceSpec {
  cloudFormationType: string;
  properties: Properties;
  attributes: Record<string, unknown>;
  /** The ARN's shape; an ARN without ${Region} is the ARN of an account-wide (or global) resource. */
  arnTemplate?: string;
}

export interface Registry {
  resource(type: string): ResourceSpec | undefined;
  /** Problems with one template, each as `<where>: <what>` (none: CloudFormation would take it). */
  check(template: TemplateJson, bytes: number): string[];
}

export interface TemplateJson {
  Description?: string;
  Parameters?: Record<string, { Default?: string | number }>;
  Mappings?: Record<string, Record<string, unknown>>;
  Conditions?: Record<string, unknown>;
  Resources: Record<string, TemplateResource>;
  Outputs?: Record<string, { Value?: unknown }>;
}
export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
  Condition?: string;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

/** CloudFormation's documented quotas per template (docs: "Understand CloudFormation quotas"). */
export const QUOTAS = {
  resources: 500,
  parameters: 200,
  outputs: 200,
  mappings: 200,
  mappingAttributes: 200,
  /** Characters of a logical id (resource, parameter, output, mapping, condition). */
  nameLength: 255,
  /** A template body in S3, as CDK uploads every template: 1 MB. */
  templateBytes: 1_000_000,
  descriptionBytes: 1024,
  parameterValueBytes: 4096,
  dynamicReferences: 60,
} as const;

const RESOURCE_KEYS = new Set(['Type', 'Properties', 'DependsOn', 'Condition', 'Metadata', 'DeletionPolicy', 'UpdateReplacePolicy', 'UpdatePolicy', 'CreationPolicy']);
const DELETION_POLICIES = new Set(['Delete', 'Retain', 'RetainExceptOnCreate', 'Snapshot']);
const PSEUDO_PARAMETERS = new Set(['AWS::AccountId', 'AWS::NotificationARNs', 'AWS::NoValue', 'AWS::Partition', 'AWS::Region', 'AWS::StackId', 'AWS::StackName', 'AWS::URLSuffix']);
const LOGICAL_ID = /^[A-Za-z0-9]+$/;

/** A `{ Ref }` or `{ Fn::… }`: its value is known only when CloudFormation resolves it. */
const isIntrinsic = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'));
};
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function loadRegistry(): Registry {
  const specDir = path.dirname(createRequire(import.meta.url).resolve('@aws-cdk/aws-service-spec/package.json'));
  const db = JSON.parse(gunzipSync(readFileSync(path.join(specDir, 'db.json.gz'))).toString('utf8'));
  const resources = new Map<string, ResourceSpec>(db.schema.resource.entities.map((r: ResourceSpec) => [r.cloudFormationType, r]));
  const definitions = new Map<string, { name: string; properties: Properties }>(db.schema.typeDefinition.entities.map((d: { $id: string }) => [d.$id, d]));

  /** Problems of `value` as a value of `type`, at `where`. */
  function valueProblems(value: unknown, type: PropertyType, where: string): string[] {
    if (isIntrinsic(value)) return [];
    const wrong = (expected: string) => [`${where}: ${(JSON.stringify(value) as string | undefined)?.slice(0, 80)} is not ${expected}`];
    switch (type.type) {
      case 'string':
      case 'date-time':
        if (typeof value !== 'string') return wrong('a string');
        return 'allowedValues' in type && type.allowedValues && !type.allowedValues.includes(value) ? wrong(`one of ${type.allowedValues.join(', ')}`) : [];
      case 'integer':
        return Number.isInteger(value) ? [] : wrong('an integer');
      case 'number':
        return typeof value === 'number' ? [] : wrong('a number');
      case 'boolean':
        return typeof value === 'boolean' ? [] : wrong('a boolean');
      case 'json':
        return [];
      case 'tag':
        return isObject(value) && 'Key' in value && 'Value' in value ? [] : wrong('a tag ({ Key, Value })');
      case 'array':
        return Array.isArray(value) ? value.flatMap((v, i) => valueProblems(v, type.element, `${where}[${i}]`)) : wrong('a list');
      case 'map':
        return isObject(value) ? Object.entries(value).flatMap(([k, v]) => valueProblems(v, type.element, `${where}.${k}`)) : wrong('a map');
      case 'union':
        return type.types.some((t) => valueProblems(value, t, where).length === 0) ? [] : wrong(`any of ${type.types.map((t) => t.type).join(', ')}`);
      case 'ref': {
        const definition = definitions.get(type.reference.$ref);
        if (!definition) return [`${where}: type ${type.reference.$ref} missing from the registry database`];
        return isObject(value) ? propertiesProblems(value, definition.properties, where) : wrong(`a ${definition.name} object`);
      }
    }
  }

  /** Unknown properties, missing required ones, and each given value against its type (or a type it had). */
  function propertiesProblems(given: Record<string, unknown>, spec: Properties, where: string): string[] {
    const problems: string[] = [];
    for (const [name, value] of Object.entries(given)) {
      const property = spec[name] as PropertySpec | undefined;
      if (!property) {
        problems.push(`${where}.${name}: not a property of this type`);
        continue;
      }
      const attempts = [property.type, ...(property.previousTypes ?? [])].map((t) => valueProblems(value, t, `${where}.${name}`));
      if (attempts.every((p) => p.length)) problems.push(...attempts[0]);
    }
    for (const [name, property] of Object.entries(spec)) if (property.required && !(name in given)) problems.push(`${where}.${name}: required, missing`);
    return problems;
  }

  /** Refs, GetAtts, DependsOn and Conditions that name nothing in the template, or an attribute the type lacks. */
  function referenceProblems(template: TemplateJson): string[] {
    const problems: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
      if (!isObject(node)) return;
      if (typeof node.Ref === 'string' && !PSEUDO_PARAMETERS.has(node.Ref) && !(node.Ref in template.Resources) && !(node.Ref in (template.Parameters ?? {}))) {
        problems.push(`${where}: Ref to ${node.Ref}, which the template does not declare`);
      }
      const getAtt = node['Fn::GetAtt'];
      if (Array.isArray(getAtt) && typeof getAtt[0] === 'string' && typeof getAtt[1] === 'string') {
        const [target, attribute] = getAtt as [string, string];
        const type = (template.Resources[target] as TemplateResource | undefined)?.Type;
        if (!type) problems.push(`${where}: Fn::GetAtt of ${target}, which the template does not declare`);
        else if (!isCustom(type) && !(type === 'AWS::CloudFormation::Stack' && attribute.startsWith('Outputs.')) && !(attribute in (resources.get(type)?.attributes ?? {}))) {
          problems.push(`${where}: ${type} has no attribute ${attribute}`);
        }
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
    };
    for (const [id, resource] of Object.entries(template.Resources)) {
      visit(resource.Properties, `${id}.Properties`);
      for (const dependency of [resource.DependsOn ?? []].flat()) if (!(dependency in template.Resources)) problems.push(`${id}.DependsOn: ${dependency} is not a resource of the template`);
      if (resource.Condition && !(resource.Condition in (template.Conditions ?? {}))) problems.push(`${id}.Condition: ${resource.Condition} is not a condition of the template`);
    }
    for (const [id, output] of Object.entries(template.Outputs ?? {})) visit(output, `Outputs.${id}`);
    return problems;
  }

  function resourceProblems(id: string, resource: TemplateResource): string[] {
    const problems = Object.keys(resource).filter((key) => !RESOURCE_KEYS.has(key)).map((key) => `${id}.${key}: not a resource attribute`);
    for (const policy of ['DeletionPolicy', 'UpdateReplacePolicy'] as const) {
      if (resource[policy] !== undefined && !DELETION_POLICIES.has(resource[policy])) problems.push(`${id}.${policy}: ${resource[policy]} is not a policy`);
    }
    const properties = resource.Properties ?? {};
    if (isCustom(resource.Type)) return 'ServiceToken' in properties ? problems : [...problems, `${id}.Properties.ServiceToken: required, missing`];
    const spec = resources.get(resource.Type);
    if (!spec) return [...problems, `${id}: ${resource.Type} is not a resource type of the CloudFormation registry`];
    return [...problems, ...propertiesProblems(properties, spec.properties, `${id}.Properties`)];
  }

  function quotaProblems(template: TemplateJson, bytes: number): string[] {
    const problems: string[] = [];
    const most = (what: string, count: number, quota: number) => {
      if (count > quota) problems.push(`${count} ${what}, more than CloudFormation's ${quota}`);
    };
    most('resources', Object.keys(template.Resources).length, QUOTAS.resources);
    most('parameters', Object.keys(template.Parameters ?? {}).length, QUOTAS.parameters);
    most('outputs', Object.keys(template.Outputs ?? {}).length, QUOTAS.outputs);
    most('mappings', Object.keys(template.Mappings ?? {}).length, QUOTAS.mappings);
    for (const [id, mapping] of Object.entries(template.Mappings ?? {})) most(`attributes in mapping ${id}`, Object.keys(mapping).length, QUOTAS.mappingAttributes);
    most('bytes of template', bytes, QUOTAS.templateBytes);
    most('bytes of description', Buffer.byteLength(template.Description ?? ''), QUOTAS.descriptionBytes);
    most('dynamic references ({{resolve:…}})', JSON.stringify(template).match(/\{\{resolve:/g)?.length ?? 0, QUOTAS.dynamicReferences);
    for (const section of ['Resources', 'Parameters', 'Outputs', 'Mappings', 'Conditions'] as const) {
      for (const id of Object.keys(template[section] ?? {})) {
        if (id.length > QUOTAS.nameLength || !LOGICAL_ID.test(id)) problems.push(`${section}.${id}: not a logical id (alphanumeric, at most ${QUOTAS.nameLength} characters)`);
      }
    }
    for (const [id, parameter] of Object.entries(template.Parameters ?? {})) most(`bytes in the default of parameter ${id}`, Buffer.byteLength(String(parameter.Default ?? '')), QUOTAS.parameterValueBytes);
    return problems;
  }

  return {
    resource: (type) => resources.get(type),
    check: (template, bytes) => [
      ...quotaProblems(template, bytes),
      ...Object.entries(template.Resources).flatMap(([id, resource]) => resourceProblems(id, resource)),
      ...referenceProblems(template),
    ],
  };
}

/** A custom resource: its properties are its provider's, only ServiceToken is CloudFormation's. */
const isCustom = (type: string) => type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';
