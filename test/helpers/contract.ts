import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The OpenAPI document as a contract: every response a test receives from the API is checked
 * against the document the app serves, so a drift between code and document fails the test that
 * saw it. Compiled once per document text (per process, in practice once).
 */
interface Operation {
  pattern: RegExp;
  template: string;
  responses: Record<string, any>;
}

export class ContractViolation extends Error {}

interface Contract {
  operations: Map<string, Operation[]>;
  validators: Map<string, ValidateFunction>;
  ajv: Ajv2020;
}

const contracts = new Map<string, Contract>();

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function compileContract(text: string): Contract {
  const document = JSON.parse(text);
  // the document as one schema: operations' response schemas are referenced by JSON pointer
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
  const operations = new Map<string, Operation[]>();
  for (const [template, item] of Object.entries<any>(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, op] of Object.entries<any>(item)) {
      const list = operations.get(method.toUpperCase()) ?? [];
      list.push({ pattern, template, responses: op.responses ?? {} });
      operations.set(method.toUpperCase(), list);
    }
  }
  // literal segments win over parameters (`/links/bulk` before `/links/{linkId}`)
  const parameters = (op: Operation) => op.template.split('{').length;
  for (const list of operations.values()) list.sort((a, b) => parameters(a) - parameters(b));
  return { operations, validators: new Map(), ajv };
}

function contractOf(text: string): Contract {
  let contract = contracts.get(text);
  if (!contract) contracts.set(text, (contract = compileContract(text)));
  return contract;
}

/**
 * Throws ContractViolation when a response to `method path` (path without query) does not match
 * the document: an operation's status not documented, a content type not documented, or a JSON
 * body its schema refuses. Paths the document does not describe are not checked.
 */
export function checkResponse(documentText: string, method: string, path: string, status: number, contentType: string | null, body: unknown) {
  const contract = contractOf(documentText);
  const operation = contract.operations.get(method.toUpperCase())?.find((op) => op.pattern.test(path));
  if (!operation) return;
  const where = `${method.toUpperCase()} ${operation.template} → ${status}`;
  const response = operation.responses[String(status)];
  if (!response) throw new ContractViolation(`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const content = response.content ?? {};
  if (!Object.keys(content).length) return;
  if (!content[mediaType])
    throw new ContractViolation(`${where}: content type ${mediaType || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`);
  if (mediaType !== 'application/json') return;
  const ref = `openapi#/${pointer('paths', operation.template, method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema')}`;
  let validate = contract.validators.get(ref);
  if (!validate) contract.validators.set(ref, (validate = contract.ajv.compile({ $ref: ref })));
  if (!validate(body)) {
    throw new ContractViolation(
      `${where}: body does not match the document: ${JSON.stringify(validate.errors?.slice(0, 5))} body: ${JSON.stringify(body).slice(0, 600)}`,
    );
  }
}
