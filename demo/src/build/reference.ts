// The component reference page (demo/reference.html), written at build time from the elements'
// custom-elements.json: for each element its attributes and properties, methods, events with the
// type of their detail, slots, CSS parts, CSS custom properties (the --pay-* tokens) and custom
// states. The Vite plugin below puts the generated HTML where the page says `<!-- pay:reference -->`;
// the page needs no script. The manifest comes from the elements' build
// (`npm run build -w @pay-elements/elements`, which `npm run build` and `npm start` run first).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import * as z from 'zod';
import { escapeHtml } from '@pay-elements/elements/ssr';
import {
  elementsOf,
  Manifest,
  newestMtime,
  readEventClasses,
  type ElementDoc,
  type EventClassDoc,
  type TypeDoc,
} from './manifest.js';

export const REFERENCE_MARKER = '<!-- pay:reference -->';

const Package = z.object({ version: z.string() });

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** Doc text as HTML: escaped, `backticks` as code, blank lines as paragraph breaks. */
export function prose(text: string | undefined): string {
  if (!text?.trim()) return '';
  return text
    .trim()
    .split(/\n\s*\n/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph.replace(/\s*\n\s*/g, ' ')).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`,
    )
    .join('');
}

/** One line of doc text, without the paragraph. */
const inline = (text: string | undefined) => prose(text).replace(/^<p>|<\/p>$/g, '');

function table(id: string, title: string, columns: string[], rows: string[][]): string {
  const heading = `<h3 id="${id}">${escapeHtml(title)}</h3>`;
  if (rows.length === 0) return `${heading}<p class="muted">None.</p>`;
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells.map((cell, i) => (i === 0 ? `<th scope="row">${cell}</th>` : `<td>${cell}</td>`)).join('')}</tr>`,
    )
    .join('\n');
  return `${heading}\n<table class="ref-table" aria-labelledby="${id}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function fieldList(type: TypeDoc): string {
  if (!type.fields) return `<p>${code(type.name)} = ${code(type.text)}</p>`;
  const items = type.fields
    .map(
      (f) =>
        `<li>${code(`${f.name}${f.optional ? '?' : ''}: ${f.type}`)}${f.description ? ` — ${inline(f.description)}` : ''}</li>`,
    )
    .join('');
  return `<p>${code(type.name)}${type.description ? ` — ${inline(type.description)}` : ''}</p><ul class="ref-fields">${items}</ul>`;
}

function eventDetail(className: string | undefined, classes: Map<string, EventClassDoc>): string {
  if (!className) return '';
  const event = classes.get(className);
  const lines = [
    `<p>${code(className)}${event?.flags.length ? ` (${escapeHtml(event.flags.join(', '))})` : ''}</p>`,
  ];
  if (!event) return lines.join('');
  if (!event.detail) {
    lines.push('<p class="muted">No detail.</p>');
    return lines.join('');
  }
  lines.push(`<p>${code(`detail: ${event.detail}`)}</p>`);
  for (const type of event.detailTypes) lines.push(fieldList(type));
  return lines.join('');
}

function isPublic(member: { privacy?: string | undefined; static?: boolean | undefined }): boolean {
  return (member.privacy === undefined || member.privacy === 'public') && !member.static;
}

/** The reference of one element, as a section of the page. */
export function renderElement(element: ElementDoc, classes: Map<string, EventClassDoc>): string {
  const tag = element.tagName;
  const attributeOf = new Map(
    element.attributes.flatMap((a) => (a.fieldName ? [[a.fieldName, a.name] as const] : [])),
  );
  const fields = element.members.filter((m) => m.kind === 'field' && isPublic(m));
  const methods = element.members.filter(
    (m) => m.kind === 'method' && isPublic(m) && !m.name.endsWith('Callback'),
  );
  // attributes with no property of their own (none today, but the manifest allows them)
  const attributeOnly = element.attributes.filter((a) => !a.fieldName);

  const properties = [
    ...fields.map((f) => {
      const attribute = f.attribute ?? attributeOf.get(f.name);
      return [
        `${code(f.name)}${f.readonly ? ' <span class="tag">read-only</span>' : ''}`,
        attribute
          ? `${code(attribute)}${f.reflects ? ' <span class="tag">reflects</span>' : ''}`
          : '<span class="muted">property only</span>',
        f.type ? code(f.type.text) : '',
        f.default ? code(f.default) : '',
        inline(f.description),
      ];
    }),
    ...attributeOnly.map((a) => [
      '<span class="muted">—</span>',
      code(a.name),
      a.type ? code(a.type.text) : '',
      a.default ? code(a.default) : '',
      inline(a.description),
    ]),
  ];
  const methodRows = methods.map((m) => [
    code(
      `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.type ? `: ${p.type.text}` : ''}`).join(', ')})`,
    ),
    m.return?.type ? code(m.return.type.text) : code('void'),
    inline(m.description),
  ]);
  const events = element.events.map((e) => [
    code(e.name),
    eventDetail(e.type?.text, classes),
    inline(e.description),
  ]);
  const slots = element.slots.map((s) => [
    s.name ? code(s.name) : '<span class="muted">(default)</span>',
    inline(s.description),
  ]);
  const parts = element.cssParts.map((p) => [code(`::part(${p.name})`), inline(p.description)]);
  const tokens = element.cssProperties.map((p) => [
    code(p.name),
    p.default ? code(p.default) : '',
    inline(p.description),
  ]);
  const states = element.cssStates.map((s) => [code(`:state(${s.name})`), inline(s.description)]);

  return [
    `<section class="card ref-element" id="${tag}" aria-labelledby="${tag}-title">`,
    `<h2 id="${tag}-title">${code(`<${tag}>`)}</h2>`,
    `<p class="muted">Class ${code(element.name)}, registered by ${code(`import '@pay-elements/elements/define/${tag}'`)}</p>`,
    prose(element.summary),
    prose(element.description),
    table(
      `${tag}-properties`,
      'Attributes and properties',
      ['Property', 'Attribute', 'Type', 'Default', 'Description'],
      properties,
    ),
    table(`${tag}-methods`, 'Methods', ['Method', 'Returns', 'Description'], methodRows),
    table(`${tag}-events`, 'Events', ['Event', 'Class and detail', 'Description'], events),
    table(`${tag}-slots`, 'Slots', ['Slot', 'Description'], slots),
    table(`${tag}-parts`, 'CSS parts', ['Part', 'Description'], parts),
    table(`${tag}-tokens`, 'CSS custom properties', ['Property', 'Default', 'Description'], tokens),
    table(`${tag}-states`, 'Custom states', ['State', 'Description'], states),
    '</section>',
  ].join('\n');
}

/** The whole reference: a table of contents, then one section per element. */
export function renderReference(
  manifest: Manifest,
  classes: Map<string, EventClassDoc>,
  version: string,
): string {
  const elements = elementsOf(manifest);
  const contents = elements
    .map((e) => `<li><a href="#${e.tagName}">${code(`<${e.tagName}>`)}</a></li>`)
    .join('');
  return [
    `<p class="muted">@pay-elements/elements ${escapeHtml(version)}: ${elements.length} elements, from ${code('custom-elements.json')} (schema ${escapeHtml(manifest.schemaVersion)}) as built with the package.</p>`,
    `<nav aria-label="Elements" class="card ref-contents"><ul>${contents}</ul></nav>`,
    ...elements.map((e) => renderElement(e, classes)),
  ].join('\n');
}

export interface ReferencePluginOptions {
  /** packages/elements */
  elementsDir: string;
}

/** Reads the elements' manifest and event classes and renders the reference. */
export function buildReference(elementsDir: string): string {
  const file = join(elementsDir, 'custom-elements.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the elements first (npm run build -w @pay-elements/elements; npm start and npm run build do)`,
    );
  }
  const manifest = Manifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  const { version } = Package.parse(JSON.parse(readFileSync(join(elementsDir, 'package.json'), 'utf8')));
  return renderReference(manifest, readEventClasses(join(elementsDir, 'src/events')), version);
}

export function payReference(options: ReferencePluginOptions): Plugin {
  const manifestFile = join(options.elementsDir, 'custom-elements.json');
  return {
    name: 'pay-reference',
    buildStart() {
      if (!existsSync(manifestFile)) return; // buildReference says what to do
      this.addWatchFile(manifestFile);
      const sources = newestMtime(join(options.elementsDir, 'src/components'));
      if (sources > statSync(manifestFile).mtimeMs) {
        this.warn(
          'custom-elements.json is older than the elements: the reference page may be out of date (npm run build -w @pay-elements/elements)',
        );
      }
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(REFERENCE_MARKER)) return html;
        return html.replace(REFERENCE_MARKER, () => buildReference(options.elementsDir));
      },
    },
  };
}
