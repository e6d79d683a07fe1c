// What the component reference page is made from (at build time, in Node, by the Vite plugin of
// reference.ts): the elements' custom-elements.json, parsed (the part of the schema the page shows),
// and the event classes' detail types, read from packages/elements/src/events/*.ts with the
// TypeScript parser (the manifest names each event's class but not the shape of its `detail`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import * as z from 'zod';

const Type = z.object({ text: z.string() });
const Named = z.object({ name: z.string(), description: z.string().optional() });

const Member = z.object({
  kind: z.enum(['field', 'method']),
  name: z.string(),
  type: Type.optional(),
  default: z.string().optional(),
  description: z.string().optional(),
  attribute: z.string().optional(),
  reflects: z.boolean().optional(),
  readonly: z.boolean().optional(),
  static: z.boolean().optional(),
  privacy: z.enum(['public', 'protected', 'private']).optional(),
  parameters: z.array(z.object({ name: z.string(), type: Type.optional() })).optional(),
  return: z.object({ type: Type.optional() }).optional(),
});

const Declaration = z.object({
  kind: z.string(),
  name: z.string(),
  tagName: z.string().optional(),
  customElement: z.boolean().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  members: z.array(Member).default([]),
  attributes: z
    .array(
      z.object({
        name: z.string(),
        fieldName: z.string().optional(),
        type: Type.optional(),
        default: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .default([]),
  events: z.array(Named.extend({ type: Type.optional() })).default([]),
  slots: z.array(Named).default([]),
  cssParts: z.array(Named).default([]),
  cssProperties: z.array(Named.extend({ default: z.string().optional() })).default([]),
  cssStates: z.array(Named).default([]),
});

export const Manifest = z.object({
  schemaVersion: z.string(),
  modules: z.array(z.object({ path: z.string(), declarations: z.array(Declaration).default([]) })),
});
export type Manifest = z.infer<typeof Manifest>;
export type ElementDoc = z.infer<typeof Declaration> & { tagName: string };

/** The custom elements a manifest describes, sorted by tag. */
export function elementsOf(manifest: Manifest): ElementDoc[] {
  const found: ElementDoc[] = [];
  for (const module of manifest.modules) {
    for (const declaration of module.declarations) {
      const { tagName } = declaration;
      if (declaration.customElement && tagName) found.push({ ...declaration, tagName });
    }
  }
  return found.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

export interface FieldDoc {
  name: string;
  type: string;
  optional: boolean;
  description: string;
}

/** A named type of an event module: an interface's fields, or an alias's text. */
export interface TypeDoc {
  name: string;
  description: string;
  fields: FieldDoc[] | null;
  text: string;
}

export interface EventClassDoc {
  className: string;
  description: string;
  /** the `detail` property's type as written, e.g. `PayPaidDetail`; null when the event has none */
  detail: string | null;
  /** the types that detail is made of, expanded (a union alias gives each of its interfaces) */
  detailTypes: TypeDoc[];
  /** the event init flags the class passes to `super` and sets to true */
  flags: string[];
}

function jsDocOf(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter((doc): doc is ts.JSDoc => ts.isJSDoc(doc))
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
}

/** Reads every event class of `dir` (the elements' src/events) with the type of its `detail`. */
export function readEventClasses(dir: string): Map<string, EventClassDoc> {
  const classes = new Map<string, EventClassDoc>();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.endsWith('.d.ts')) continue;
    const source = ts.createSourceFile(
      name,
      readFileSync(join(dir, name), 'utf8'),
      ts.ScriptTarget.ES2022,
      true,
    );
    const types = new Map<string, TypeDoc>();
    const found: Array<Omit<EventClassDoc, 'detailTypes'>> = [];
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        const fields = statement.members.filter(ts.isPropertySignature).map((member) => ({
          name: member.name.getText(source),
          type: member.type?.getText(source) ?? 'unknown',
          optional: member.questionToken !== undefined,
          description: jsDocOf(member),
        }));
        const text = `{ ${fields.map((f) => `${f.name}${f.optional ? '?' : ''}: ${f.type}`).join('; ')} }`;
        types.set(statement.name.text, {
          name: statement.name.text,
          description: jsDocOf(statement),
          fields,
          text,
        });
      } else if (ts.isTypeAliasDeclaration(statement)) {
        types.set(statement.name.text, {
          name: statement.name.text,
          description: jsDocOf(statement),
          fields: null,
          text: statement.type.getText(source),
        });
      } else if (ts.isClassDeclaration(statement) && statement.name) {
        let detail: string | null = null;
        const flags: string[] = [];
        for (const member of statement.members) {
          if (ts.isPropertyDeclaration(member) && member.name.getText(source) === 'detail') {
            detail = member.type?.getText(source) ?? null;
          }
          if (ts.isConstructorDeclaration(member)) {
            member.body?.forEachChild(function visit(node): void {
              if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
                const init = node.arguments[1];
                if (init && ts.isObjectLiteralExpression(init)) {
                  for (const property of init.properties) {
                    if (
                      ts.isPropertyAssignment(property) &&
                      property.initializer.kind === ts.SyntaxKind.TrueKeyword
                    )
                      flags.push(property.name.getText(source));
                  }
                }
              }
              node.forEachChild(visit);
            });
          }
        }
        found.push({ className: statement.name.text, description: jsDocOf(statement), detail, flags });
      }
    }
    for (const event of found) {
      classes.set(event.className, { ...event, detailTypes: expand(event.detail, types) });
    }
  }
  return classes;
}

/** The module's own types `detail` names: an interface, or each interface of a union alias. */
function expand(detail: string | null, types: Map<string, TypeDoc>): TypeDoc[] {
  if (!detail) return [];
  const own = types.get(detail);
  if (!own) return [];
  if (own.fields) return [own];
  const parts = own.text.split('|').map((part) => types.get(part.trim()));
  const interfaces = parts.filter((part): part is TypeDoc => part?.fields != null);
  return interfaces.length === parts.length ? [own, ...interfaces] : [own];
}

/** The newest modification time of the files below `dir` (to tell a stale manifest). */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const info = statSync(full);
    newest = Math.max(newest, info.isDirectory() ? newestMtime(full) : info.mtimeMs);
  }
  return newest;
}
