// A promise kept in a collection and awaited later is the shape that ended the process on a refused image fetch:
// while the caller awaits an earlier entry, a later one rejects with no handler attached (an unhandled
// rejection). no-floating-promises cannot see it (the promise is "used": it was stored). This rule asks that
// what goes into a Map, Set or array be a SettledPromise (src/common/async/settle.ts), which cannot reject.
import { ESLintUtils } from '@typescript-eslint/utils';

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'Array']);
const INSERTS = { set: [1], add: [0], push: 'all', unshift: 'all' };

function isThenable(checker, type) {
  if (type.isUnion()) return type.types.some((part) => isThenable(checker, part));
  const then = type.getProperty('then');
  if (!then) return false;
  const thenType = checker.getTypeOfSymbol(then);
  return thenType.getCallSignatures().length > 0;
}

function neverRejects(type) {
  if (type.isIntersection()) return type.types.some(neverRejects);
  return type.getProperties().some((property) => String(property.escapedName).startsWith('__@neverRejects@'));
}

function collectionName(checker, type) {
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (symbol && COLLECTIONS.has(symbol.getName())) return symbol.getName();
  if (checker.isArrayType?.(type)) return 'Array';
  return undefined;
}

export const noStoredRejectablePromise = {
  meta: {
    type: 'problem',
    docs: { description: 'Only a SettledPromise (which cannot reject) may be kept in a Map, Set or array.' },
    messages: {
      stored:
        'A promise that can reject is stored in a {{collection}}: if it rejects while another await runs, nothing handles it. Store settle(promise) instead (src/common/async/settle.ts).',
    },
    schema: [],
  },
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const checker = services.program.getTypeChecker();
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const positions = INSERTS[callee.property.name];
        if (!positions) return;
        const collection = collectionName(checker, services.getTypeAtLocation(callee.object));
        if (!collection) return;
        const argumentsToCheck = positions === 'all' ? node.arguments : positions.map((index) => node.arguments[index]).filter(Boolean);
        for (const argument of argumentsToCheck) {
          const type = services.getTypeAtLocation(argument);
          if (isThenable(checker, type) && !neverRejects(type)) {
            context.report({ node: argument, messageId: 'stored', data: { collection } });
          }
        }
      },
    };
  },
};

export const pictorPlugin = { rules: { 'no-stored-rejectable-promise': noStoredRejectablePromise } };
