/**
 * What the served page's inline scripts set as `window.<key>`, read with a JavaScript parser
 * (acorn) rather than a pattern: the CSP's frame-ancestors follows `hostOrigin`, so a reading that
 * could be wrong must say so (docs/deploying.md, "Content-Security-Policy").
 *
 * A value is certain when every mention of the key in every inline script is a top-level
 * `window.key = …` or `window['key'] = …` of a string literal or a template literal without
 * substitutions; the last one wins, as in the browser. Anything else that names the key (a
 * computed value, `Object.assign(window, …)`, a script that does not parse) is uncertain.
 */
import { parse } from 'acorn';
import type { Expression, Node, Program } from 'acorn';

const COMMENT = /<!--[\s\S]*?-->/g;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export type Reading =
  | { kind: 'unset' }
  | { kind: 'value'; value: string }
  /** `why`: what made it uncertain, for the error a server stops with. */
  | { kind: 'uncertain'; why: string };

/** The inline scripts' sources, in document order (HTML comments and `src` scripts left out). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.replace(COMMENT, '').matchAll(SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes)) scripts.push(body);
  }
  return scripts;
}

/** The key a statement assigns on `window` and the assigned expression, if it is that. */
function windowAssignment(
  statement: Program['body'][number],
): { key: string; value: Expression } | undefined {
  if (statement.type !== 'ExpressionStatement') return undefined;
  const expression = statement.expression;
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return undefined;
  const target = expression.left;
  if (target.type !== 'MemberExpression' || target.object.type !== 'Identifier') return undefined;
  if (target.object.name !== 'window') return undefined;
  const { property } = target;
  let key: string | undefined;
  if (!target.computed && property.type === 'Identifier') key = property.name;
  else if (target.computed && property.type === 'Literal' && typeof property.value === 'string') {
    key = property.value;
  }
  return key === undefined ? undefined : { key, value: expression.right };
}

function stringValue(node: Expression): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

function mentions(source: string, node: Node, key: string): boolean {
  return source.slice(node.start, node.end).includes(key);
}

/** What the page's inline scripts set `window.<key>` to, and whether that is certain. */
export function readSetting(html: string, key: string): Reading {
  let reading: Reading = { kind: 'unset' };
  for (const source of inlineScripts(html)) {
    if (!source.includes(key)) continue;
    let program: Program;
    try {
      program = parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { kind: 'uncertain', why: `an inline script naming ${key} does not parse: ${why}` };
    }
    for (const statement of program.body) {
      if (!mentions(source, statement, key)) continue;
      const assignment = windowAssignment(statement);
      const value = assignment?.key === key ? stringValue(assignment.value) : undefined;
      if (value === undefined) {
        const text = source.slice(statement.start, statement.end).slice(0, 120);
        return { kind: 'uncertain', why: `${key} is set by code, not a string: ${text}` };
      }
      reading = { kind: 'value', value };
    }
    // A comment naming the key (an older assignment left in) is not code: it sets nothing.
  }
  return reading;
}
