/**
 * One phone field for the whole site (issue 17, defect 8; public-site §5.2): every phone number is typed into the
 * kit's PhoneInput (country picker, the country's code, digits only). A plain <input type="tel"> — or any field
 * named or autocompleted as a phone — elsewhere in the browser code would bring back a field that takes 'abc12' and
 * has no country picker, so this test reads the source of host/, mfe-*, shared/ and widgets/ and fails on one.
 *
 * What counts as a phone field, on an <input> or a field component other than <PhoneInput> (TextField, …Field,
 * …Input: they pass their props to an <input>): type or inputMode 'tel', an autocomplete token 'tel…', or a name such as
 * 'phone' / 'tel'. Elements made in code count too: an object literal or an assignment giving type 'tel'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '..');
/** The one phone input: the only file allowed to render the <input type="tel">. */
const PHONE_INPUT = 'shared/src/ui/PhoneInput.tsx';

const isSource = (name: string) => /\.(tsx?|jsx?|mjs)$/.test(name) && !/\.(test|spec)\.[jt]sx?$/.test(name) && !name.endsWith('.d.ts');

const TEL_TYPE = /^tel$/i;
/** An autocomplete value naming a phone: 'tel', 'tel-national', 'shipping tel', … */
const TEL_AUTOCOMPLETE = /(^|\s)tel(-[a-z-]+)?(\s|$)/i;
/** A field's name naming a phone: 'phone', 'phoneNumber', 'contact_phone', 'tel', 'mobile'. */
const PHONE_NAME = /phone|^tel$|^tel[-_]|^mobile$/i;
/** Elements that are fields: <input> and the kit's or a feature's field components (TextField, …Input). */
const FIELD_TAG = /^input$|^[A-Z][\w.]*(Field|Input)$/;

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return null;
}

function tagName(node: ts.JsxOpeningLikeElement): string {
  return node.tagName.getText();
}

/** Why an attribute (or property) named `name` with text `value` makes a phone field, or null. */
function phoneReason(name: string, value: string | null): string | null {
  if (value === null) return null;
  const key = name.toLowerCase();
  if ((key === 'type' || key === 'inputmode') && TEL_TYPE.test(value)) return `${name}="${value}"`;
  if (key === 'autocomplete' && TEL_AUTOCOMPLETE.test(value)) return `${name}="${value}"`;
  if (key === 'name' && PHONE_NAME.test(value)) return `${name}="${value}"`;
  return null;
}

/** Phone fields a source file renders outside the one PhoneInput: 'file:line <tag attr="…">'. */
export function plainPhoneFields(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = tagName(node);
      if (tag !== 'PhoneInput' && FIELD_TAG.test(tag)) {
        for (const attr of node.attributes.properties) {
          if (!ts.isJsxAttribute(attr)) continue;
          const reason = phoneReason(attr.name.getText(file), literalText(attr.initializer));
          if (reason) found.push(`${at(node)} <${tag} ${reason}>`);
        }
      }
    } else if (ts.isPropertyAssignment(node) && /^(type|inputMode)$/.test(node.name.getText(file).replace(/['"]/g, ''))) {
      // createElement('input', { type: 'tel' }) and the like.
      const value = literalText(node.initializer);
      if (value && TEL_TYPE.test(value)) found.push(`${at(node)} { ${node.name.getText(file)}: '${value}' }`);
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)
      && /^(type|inputMode)$/.test(node.left.name.text)) {
      // input.type = 'tel'
      const value = literalText(node.right);
      if (value && TEL_TYPE.test(value)) found.push(`${at(node)} ${node.left.getText(file)} = '${value}'`);
    } else if (ts.isCallExpression(node) && node.expression.getText(file).endsWith('setAttribute') && node.arguments.length === 2) {
      // input.setAttribute('type', 'tel')
      const reason = phoneReason(literalText(node.arguments[0]) ?? '', literalText(node.arguments[1]));
      if (reason) found.push(`${at(node)} setAttribute(${reason})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('one phone field for the whole site (public-site §5.2)', () => {
  const roots = ['host', 'shared', 'widgets', ...readdirSync(REPO).filter((d) => d.startsWith('mfe-'))]
    .map((d) => path.join(REPO, d, 'src'));

  test('no phone field outside the kit PhoneInput in host/, mfe-*/, shared/ and widgets/', () => {
    const files = roots.flatMap((root) => sourceFiles(root, isSource));
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((f) => path.relative(REPO, f) !== PHONE_INPUT)
      .flatMap((f) => plainPhoneFields(path.relative(REPO, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  test('the one PhoneInput is what the rule allows: it renders the <input type="tel">', () => {
    const own = plainPhoneFields(PHONE_INPUT, readFileSync(path.join(REPO, PHONE_INPUT), 'utf8'));
    expect(own.some((f) => f.includes('<input type="tel">'))).toBe(true);
  });

  test.each([
    ['<input type="tel" />', 1],
    ['<input type={"tel"} name="x" />', 1],
    ['<TextField label="Phone" name="phone" />', 1],
    ['<input autoComplete="shipping tel-national" />', 1],
    ['<input inputMode="tel" />', 1],
    ["const el = document.createElement('input'); el.type = 'tel';", 1],
    ["h('input', { type: 'tel' })", 1],
    ["el.setAttribute('autocomplete', 'tel')", 1],
    ['<PhoneInput name="phone" label="Phone" />', 0],
    ['<input type="text" name="email" autoComplete="email" />', 0],
    ['<PhoneLink phone={phone} />', 0],
    ['<SpriteIcon name="phone" />', 0],
  ])('%s: %i phone field(s)', (code, count) => {
    expect(plainPhoneFields('example.tsx', code)).toHaveLength(count);
  });
});
