// Minifies the static text of a built module's (dist/**/*.js) tagged templates.
//
// css``: the CSS, with esbuild's CSS minifier: comments and whitespace go, the rules stay. An
// interpolation (`${focusRing}`: declarations or whole rules written once and shared) is swapped for a
// placeholder at-rule while the CSS is minified, then put back, so the template's expressions are kept
// as written. A template of bare declarations (`focusRing`) is minified inside a rule of its own, then
// taken out of it.
//
// html`` and svg``: each run of whitespace that holds a line break (the source's indentation) becomes
// one space, which renders the same outside `white-space: pre` (no template holds such text).
import { parse } from 'acorn';
import { transform } from 'esbuild';

// an unknown at-rule statement: valid where a declaration or where a rule may stand
const slot = (index) => `@pay-css-slot-${index};`;
const slotPattern = /@pay-css-slot-(\d+);/g;
const wrapper = ':root{';

// utf8: no `\2026` escapes, which a template literal would not read back as written
const options = { loader: 'css', minify: true, charset: 'utf8' };

async function minifyCss(text, file) {
  const sheet = await transform(text, options);
  if (!sheet.warnings.length) return sheet.code.trimEnd();
  const rule = await transform(`${wrapper}${text}}`, options);
  const code = rule.code.trimEnd();
  if (rule.warnings.length || !code.startsWith(wrapper) || !code.endsWith('}')) {
    const why = [...sheet.warnings, ...rule.warnings].map((w) => w.text).join('; ');
    throw new Error(`${file}: a css\`\` template is neither rules nor declarations: ${why}`);
  }
  // the minifier drops the last `;` of a rule: keep it, the declarations are followed where interpolated
  const declarations = code.slice(wrapper.length, -1);
  return declarations && !declarations.endsWith(';') ? `${declarations};` : declarations;
}

/** Every tagged template whose tag is an identifier in `tags` (`{tag, quasi}`), outer ones first. */
function taggedTemplates(program, tags) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag.type === 'Identifier' &&
      tags.includes(node.tag.name)
    ) {
      found.push({ tag: node.tag.name, quasi: node.quasi });
      // a css`` inside an interpolation stays as written: its text is kept with the expression
      if (node.tag.name === 'css') return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return found;
}

/** The text of one css`` template with each static part minified; `quasi` is acorn's TemplateLiteral. */
async function minifyCssTemplate(code, quasi, file) {
  const chunks = quasi.quasis.map((part) => part.value.raw);
  if (chunks.some((chunk) => chunk.includes('@pay-css-slot-') || chunk.includes('\\'))) {
    // an escape in the raw text would need unescaping first: leave such a template alone, loudly
    throw new Error(`${file}: a css\`\` template with a backslash or a slot name cannot be minified`);
  }
  const joined = chunks.map((chunk, i) => (i === 0 ? chunk : `${slot(i - 1)}${chunk}`)).join('');
  const minified = await minifyCss(joined, file);
  if (/[`\\]|\$\{/.test(minified)) {
    throw new Error(`${file}: the minified CSS has a character a template literal would change`);
  }
  const expressions = quasi.expressions.map((node) => code.slice(node.start, node.end));
  const seen = new Set();
  const restored = minified.replace(slotPattern, (_, index) => {
    seen.add(Number(index));
    return `\${${expressions[Number(index)]}}`;
  });
  if (seen.size !== expressions.length) {
    throw new Error(`${file}: the CSS minifier dropped an interpolation of a css\`\` template`);
  }
  return `\`${restored}\``;
}

/** `code` (an ES module) with its css``, html`` and svg`` templates minified; unchanged when it has none. */
export async function minifyTemplates(code, file = 'module') {
  if (!/\b(css|html|svg) ?`/.test(code)) return code;
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  // [start, end, text]: a css`` whole, each static part of a markup template (those nested in its
  // expressions have their own): never overlapping
  const edits = [];
  for (const { tag, quasi } of taggedTemplates(program, ['css', 'html', 'svg'])) {
    if (tag === 'css') {
      edits.push([quasi.start, quasi.end, await minifyCssTemplate(code, quasi, file)]);
      continue;
    }
    for (const part of quasi.quasis) {
      const text = code.slice(part.start, part.end);
      edits.push([part.start, part.end, text.replace(/[ \t]*\n\s*/g, ' ')]);
    }
  }
  edits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end, text] of edits) {
    out += code.slice(at, start) + text;
    at = end;
  }
  return out + code.slice(at);
}
