// Minifies the CSS of every `css` tagged template in a built module (dist/**/*.js), with esbuild's CSS
// minifier: comments and whitespace go, the rules stay. An interpolation (`${focusRing}`: declarations
// or whole rules written once and shared) is swapped for a placeholder at-rule while the CSS is
// minified, then put back, so the template's expressions are kept as written. A template of bare
// declarations (`focusRing`) is minified inside a rule of its own, then taken out of it.
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

/** Every tagged template whose tag is the identifier `css`, in source order. */
function cssTemplates(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag.type === 'Identifier' &&
      node.tag.name === 'css'
    ) {
      // a css`` inside an interpolation stays as written: its text is kept with the expression
      found.push(node.quasi);
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return found;
}

/** The text of one template with each static part minified; `quasi` is acorn's TemplateLiteral. */
async function minifyTemplate(code, quasi, file) {
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

/** `code` (an ES module) with the CSS of its `css` templates minified; unchanged when it has none. */
export async function minifyCssTemplates(code, file = 'module') {
  if (!code.includes('css`') && !code.includes('css `')) return code;
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const templates = cssTemplates(program);
  let out = '';
  let at = 0;
  for (const quasi of templates) {
    out += code.slice(at, quasi.start) + (await minifyTemplate(code, quasi, file));
    at = quasi.end;
  }
  return out + code.slice(at);
}
