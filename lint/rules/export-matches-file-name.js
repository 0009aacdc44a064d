// A handler or domain file exports the camelCase of its own name (`refund-order.ts` exports
// `refundOrder`), so a name found in a call finds its file; a file that cannot says why in a
// first-line comment that mentions what it exports.
import { basename } from 'node:path';

const camelCase = (fileName) => fileName.replace(/\.tsx?$/, '').replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

function exportedNames(program) {
  const names = new Set();
  for (const node of program.body) {
    if (node.type === 'ExportNamedDeclaration') {
      const d = node.declaration;
      if (d?.id?.name) names.add(d.id.name);
      for (const decl of d?.declarations ?? []) if (decl.id.type === 'Identifier') names.add(decl.id.name);
      for (const s of node.specifiers ?? []) names.add(s.exported.name ?? s.exported.value);
    }
  }
  return names;
}

export const exportMatchesFileName = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A file exports the camelCase of its own name, or its first line says why not.' },
    schema: [],
    messages: {
      missing: "'{{file}}' exports no '{{name}}': rename the export or the file, or say why on the first line (// Exports …).",
    },
  },
  create(context) {
    return {
      Program(program) {
        const file = basename(context.filename);
        const name = camelCase(file);
        const exported = exportedNames(program);
        if (exported.size === 0 || exported.has(name)) return;
        const pascal = name.charAt(0).toUpperCase() + name.slice(1);
        if (exported.has(pascal)) return;
        const first = context.sourceCode.getAllComments()[0];
        if (first && first.loc.start.line === 1 && /export/i.test(first.value)) return;
        context.report({ loc: { line: 1, column: 0 }, messageId: 'missing', data: { file, name } });
      },
    };
  },
};

export const shopfrontPlugin = { rules: { 'export-matches-file-name': exportMatchesFileName } };
