/**
 * Formula fields (docs/records-engine.md, "Formula fields"): the language, its parser and its type
 * check, shared so that the Set-up form checks a formula as it is typed with the very messages the
 * server answers when it is saved. The server compiles the checked tree to SQL
 * (apps/server/.../engine/formula/compileFormula.ts); nothing here knows SQL.
 *
 *   expression := comparison (('AND' | 'OR') comparison)*   — AND/OR also exist as functions
 *   comparison := concat (('=' | '!=' | '<>' | '<' | '<=' | '>' | '>=') concat)?
 *   concat     := sum ('&' sum)*
 *   sum        := product (('+' | '-') product)*
 *   product    := unary (('*' | '/') unary)*
 *   unary      := '-' unary | atom
 *   atom       := number | 'text' | "text" | TRUE | FALSE | NULL | name('.' name)? | NAME '(' args ')' | '(' expression ')'
 */

export type FormulaType = 'number' | 'text' | 'date' | 'boolean';

export type FormulaNode =
  | { kind: 'number'; value: string }
  | { kind: 'text'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'field'; path: [string] | [string, string] }
  | { kind: 'call'; name: FormulaFunction; args: FormulaNode[] }
  | { kind: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode }
  | { kind: 'negate'; operand: FormulaNode };

export type BinaryOp = '+' | '-' | '*' | '/' | '&' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'AND' | 'OR';

export const FORMULA_FUNCTIONS = ['IF', 'CASE', 'AND', 'OR', 'NOT', 'ISBLANK', 'CONCAT', 'UPPER', 'LOWER', 'LEN', 'TODAY', 'DAYS_BETWEEN', 'ADD_DAYS', 'ROUND'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

/** The longest formula accepted, and the deepest nesting (a bound on the parser's recursion). */
export const FORMULA_MAX_LENGTH = 2000;
const MAX_DEPTH = 40;

/** A refusal: a message key of formulaMessages.ts and its parameters. */
export type FormulaError = { key: FormulaMessageKey; params: Record<string, string | number> };
export type FormulaMessageKey =
  | 'formula.empty'
  | 'formula.tooLong'
  | 'formula.syntax'
  | 'formula.unknownField'
  | 'formula.unknownFunction'
  | 'formula.argCount'
  | 'formula.argType'
  | 'formula.operandType'
  | 'formula.branchTypes'
  | 'formula.divideByZero'
  | 'formula.selfReference'
  | 'formula.resultType';

class Refusal extends Error {
  constructor(readonly error: FormulaError) {
    super(error.key);
  }
}
const refuse = (key: FormulaMessageKey, params: Record<string, string | number> = {}): never => {
  throw new Refusal({ key, params });
};

type Token = { t: 'num' | 'str' | 'name' | 'op' | 'end'; v: string; at: number };

const OPERATORS = ['<=', '>=', '!=', '<>', '+', '-', '*', '/', '&', '=', '<', '>', '(', ')', ',', '.'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ t: 'num', v: number[0], at: i });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (name) {
      tokens.push({ t: 'name', v: name[0], at: i });
      i += name[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      // A quote inside is written twice ('it''s').
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) refuse('formula.syntax', { at: i + 1 });
        if (text[j] === c) {
          if (text[j + 1] === c) {
            value += c;
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ t: 'str', v: value, at: i });
      i = j + 1;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) refuse('formula.syntax', { at: i + 1 });
    tokens.push({ t: 'op', v: op === '<>' ? '!=' : op!, at: i });
    i += op!.length;
  }
  tokens.push({ t: 'end', v: '', at: text.length });
  return tokens;
}

function parseTokens(tokens: Token[]): FormulaNode {
  let p = 0;
  let depth = 0;
  const peek = () => tokens[p]!;
  const isOp = (v: string) => peek().t === 'op' && peek().v === v;
  const isWord = (v: string) => peek().t === 'name' && peek().v.toUpperCase() === v && tokens[p + 1]?.v !== '(';
  const expect = (v: string) => {
    if (!isOp(v)) refuse('formula.syntax', { at: peek().at + 1 });
    p++;
  };
  const nest = <T>(f: () => T): T => {
    if (++depth > MAX_DEPTH) refuse('formula.tooLong', { max: FORMULA_MAX_LENGTH });
    try {
      return f();
    } finally {
      depth--;
    }
  };

  const expression = (): FormulaNode =>
    nest(() => {
      let left = comparison();
      while (isWord('AND') || isWord('OR')) {
        const op = peek().v.toUpperCase() as 'AND' | 'OR';
        p++;
        left = { kind: 'binary', op, left, right: comparison() };
      }
      return left;
    });
  const comparison = (): FormulaNode => {
    const left = concat();
    const t = peek();
    if (t.t === 'op' && ['=', '!=', '<', '<=', '>', '>='].includes(t.v)) {
      p++;
      return { kind: 'binary', op: t.v as BinaryOp, left, right: concat() };
    }
    return left;
  };
  const concat = (): FormulaNode => {
    let left = sum();
    while (isOp('&')) {
      p++;
      left = { kind: 'binary', op: '&', left, right: sum() };
    }
    return left;
  };
  const sum = (): FormulaNode => {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = peek().v as BinaryOp;
      p++;
      left = { kind: 'binary', op, left, right: product() };
    }
    return left;
  };
  const product = (): FormulaNode => {
    let left = unary();
    while (isOp('*') || isOp('/')) {
      const op = peek().v as BinaryOp;
      p++;
      left = { kind: 'binary', op, left, right: unary() };
    }
    return left;
  };
  const unary = (): FormulaNode => {
    if (isOp('-')) {
      p++;
      return nest(() => ({ kind: 'negate', operand: unary() }));
    }
    return atom();
  };
  const atom = (): FormulaNode => {
    const t = peek();
    if (t.t === 'num') {
      p++;
      return { kind: 'number', value: t.v };
    }
    if (t.t === 'str') {
      p++;
      return { kind: 'text', value: t.v };
    }
    if (isOp('(')) {
      p++;
      const inner = expression();
      expect(')');
      return inner;
    }
    if (t.t !== 'name') return refuse('formula.syntax', { at: t.at + 1 });
    p++;
    if (isOp('(')) {
      p++;
      const name = t.v.toUpperCase();
      if (!(FORMULA_FUNCTIONS as readonly string[]).includes(name)) refuse('formula.unknownFunction', { name: t.v });
      const args: FormulaNode[] = [];
      if (!isOp(')')) {
        args.push(expression());
        while (isOp(',')) {
          p++;
          args.push(expression());
        }
      }
      expect(')');
      return { kind: 'call', name: name as FormulaFunction, args };
    }
    const upper = t.v.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'boolean', value: upper === 'TRUE' };
    if (upper === 'NULL') return { kind: 'null' };
    if (isOp('.')) {
      p++;
      const second = peek();
      if (second.t !== 'name') return refuse('formula.syntax', { at: second.at + 1 });
      p++;
      return { kind: 'field', path: [t.v, second.v] };
    }
    return { kind: 'field', path: [t.v] };
  };

  const tree = expression();
  if (peek().t !== 'end') refuse('formula.syntax', { at: peek().at + 1 });
  return tree;
}

/**
 * What a field path names, as the checker needs it: `type` its value's formula type, `label` how a
 * message names it. The server answers from its metadata (own fields, and a lookup's target's
 * fields), the web from the metadata it has loaded.
 */
export type FormulaFieldInfo = { type: FormulaType; label: string };
export type FormulaResolver = (path: readonly string[]) => FormulaFieldInfo | undefined;

/** A checked formula: its tree, its result type and what the server needs to choose its storage. */
export type CheckedFormula = {
  tree: FormulaNode;
  type: FormulaType;
  /** Uses TODAY(): its value changes without its record changing. */
  usesToday: boolean;
  /** Uses a parent's field (`account.annualRevenue`). */
  usesParent: boolean;
  /** Converts a date to text (the result depends on the session's date style). */
  usesDateText: boolean;
  /** The record's own fields it reads (by name; a lookup it reads through included). */
  fields: string[];
  /** The parents' fields it reads, as `lookup.field`. */
  parents: string[];
};

/** Numbers, texts, dates and booleans of each field type (types a formula cannot read are absent). */
export const FORMULA_TYPE_OF_FIELD: Record<string, FormulaType | undefined> = {
  text: 'text',
  phone: 'text',
  email: 'text',
  url: 'text',
  textarea: 'text',
  picklist: 'text',
  number: 'number',
  currency: 'number',
  percent: 'number',
  date: 'date',
  datetime: 'date',
  checkbox: 'boolean',
};

/** The field type a formula's result is stored and shown as. */
export const FIELD_TYPE_OF_RESULT = { number: 'number', text: 'text', date: 'date', boolean: 'checkbox' } as const;

type Arity = [min: number, max: number];
const ARITY: Record<FormulaFunction, Arity> = {
  IF: [3, 3],
  CASE: [4, 99],
  AND: [1, 99],
  OR: [1, 99],
  NOT: [1, 1],
  ISBLANK: [1, 1],
  CONCAT: [1, 99],
  UPPER: [1, 1],
  LOWER: [1, 1],
  LEN: [1, 1],
  TODAY: [0, 0],
  DAYS_BETWEEN: [2, 2],
  ADD_DAYS: [2, 2],
  ROUND: [1, 2],
};

/** Whether a numeric literal tree is a literal zero (for `x / 0`). */
const isLiteralZero = (node: FormulaNode): boolean =>
  (node.kind === 'number' && Number(node.value) === 0) || (node.kind === 'negate' && isLiteralZero(node.operand));

function typeCheck(tree: FormulaNode, resolve: FormulaResolver, info: CheckedFormula): FormulaType | 'null' {
  const check = (node: FormulaNode): FormulaType | 'null' => typeCheck(node, resolve, info);
  const want = (node: FormulaNode, type: FormulaType, fn: string) => {
    const got = check(node);
    if (got !== type && got !== 'null') refuse('formula.argType', { fn, expected: type });
  };
  switch (tree.kind) {
    case 'number':
    case 'text':
    case 'boolean':
      return tree.kind;
    case 'null':
      return 'null';
    case 'field': {
      const field = resolve(tree.path);
      if (!field) return refuse('formula.unknownField', { name: tree.path.join('.') });
      if (!info.fields.includes(tree.path[0])) info.fields.push(tree.path[0]);
      if (tree.path.length === 2) {
        info.usesParent = true;
        const path = tree.path.join('.');
        if (!info.parents.includes(path)) info.parents.push(path);
      }
      return field.type;
    }
    case 'negate':
      want(tree.operand, 'number', '-');
      return 'number';
    case 'binary': {
      const { op } = tree;
      if (op === '/' && isLiteralZero(tree.right)) refuse('formula.divideByZero');
      const left = check(tree.left);
      const right = check(tree.right);
      const both = (type: FormulaType) => (left === type || left === 'null') && (right === type || right === 'null');
      if (op === '&') {
        if (left === 'date' || right === 'date') info.usesDateText = true;
        return 'text';
      }
      if (op === 'AND' || op === 'OR') {
        if (!both('boolean')) refuse('formula.operandType', { op });
        return 'boolean';
      }
      if (op === '+' || op === '-' || op === '*' || op === '/') {
        // A date plus or minus days is a date; two dates' difference is DAYS_BETWEEN.
        if ((op === '+' || op === '-') && left === 'date' && (right === 'number' || right === 'null')) return 'date';
        if (!both('number')) refuse('formula.operandType', { op });
        return 'number';
      }
      // Comparisons: both sides of one type.
      if (left !== 'null' && right !== 'null' && left !== right) refuse('formula.operandType', { op });
      return 'boolean';
    }
    case 'call': {
      const { name, args } = tree;
      const [min, max] = ARITY[name];
      if (args.length < min || args.length > max || (name === 'CASE' && args.length % 2 !== 0)) {
        refuse('formula.argCount', { fn: name, count: min === max ? String(min) : `${min}+` });
      }
      switch (name) {
        case 'IF': {
          want(args[0]!, 'boolean', name);
          return branches(name, [args[1]!, args[2]!].map(check));
        }
        case 'CASE': {
          // CASE(value, when1, then1, …, else): each `when` of the value's type.
          const value = check(args[0]!);
          const results: Array<FormulaType | 'null'> = [];
          for (let i = 1; i < args.length - 1; i += 2) {
            const when = check(args[i]!);
            if (value !== 'null' && when !== 'null' && when !== value) refuse('formula.argType', { fn: name, expected: value });
            results.push(check(args[i + 1]!));
          }
          results.push(check(args.at(-1)!));
          return branches(name, results);
        }
        case 'AND':
        case 'OR':
        case 'NOT':
          for (const a of args) want(a, 'boolean', name);
          return 'boolean';
        case 'ISBLANK':
          check(args[0]!);
          return 'boolean';
        case 'CONCAT':
          for (const a of args) if (check(a) === 'date') info.usesDateText = true;
          return 'text';
        case 'UPPER':
        case 'LOWER':
          want(args[0]!, 'text', name);
          return 'text';
        case 'LEN':
          want(args[0]!, 'text', name);
          return 'number';
        case 'TODAY':
          info.usesToday = true;
          return 'date';
        case 'DAYS_BETWEEN':
          want(args[0]!, 'date', name);
          want(args[1]!, 'date', name);
          return 'number';
        case 'ADD_DAYS':
          want(args[0]!, 'date', name);
          want(args[1]!, 'number', name);
          return 'date';
        case 'ROUND':
          want(args[0]!, 'number', name);
          if (args[1]) {
            if (args[1].kind !== 'number' || !/^\d$/.test(args[1].value)) refuse('formula.argType', { fn: name, expected: '0-9' });
          }
          return 'number';
      }
    }
  }
}

/** The one type of IF's or CASE's results (empty ones aside). */
function branches(fn: string, types: Array<FormulaType | 'null'>): FormulaType | 'null' {
  const typed = [...new Set(types.filter((t) => t !== 'null'))];
  if (typed.length > 1) refuse('formula.branchTypes', { fn });
  return typed[0] ?? 'null';
}

/** Parses only (the syntax): the tree or the refusal. */
export function parseFormula(text: string): { ok: true; tree: FormulaNode } | { ok: false; error: FormulaError } {
  try {
    if (!text.trim()) refuse('formula.empty');
    if (text.length > FORMULA_MAX_LENGTH) refuse('formula.tooLong', { max: FORMULA_MAX_LENGTH });
    return { ok: true, tree: parseTokens(tokenize(text)) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.error };
    throw error;
  }
}

/**
 * Parses and type-checks a formula against the fields `resolve` knows: unknown fields and
 * functions, wrong argument counts and types, a literal division by zero, IF/CASE branches of
 * different types, and a result with no type (only NULL) are refused with their message.
 * `self`: the name of the field being defined (a formula cannot read itself).
 */
export function checkFormula(text: string, resolve: FormulaResolver, self?: string): { ok: true; formula: CheckedFormula } | { ok: false; error: FormulaError } {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed;
  const info: CheckedFormula = { tree: parsed.tree, type: 'number', usesToday: false, usesParent: false, usesDateText: false, fields: [], parents: [] };
  try {
    const guarded: FormulaResolver = (path) => {
      if (self && path.length === 1 && path[0]!.toLowerCase() === self.toLowerCase()) refuse('formula.selfReference');
      return resolve(path);
    };
    const type = typeCheck(parsed.tree, guarded, info);
    if (type === 'null') refuse('formula.resultType');
    info.type = type as FormulaType;
    return { ok: true, formula: info };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.error };
    throw error;
  }
}
