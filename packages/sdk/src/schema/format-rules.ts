import type { ConstraintRecord } from './class-metadata.js';
import { classValidator } from './class-validator-module.js';
import type { ClassValidatorModule } from './class-validator-module.js';

/** class-validator's pure functions, loaded at the first check (not when a schema is built). */
const cv = classValidator;

/** A class-validator string rule JSON Schema cannot express exactly, checked by class-validator's own function. */
export interface FormatRule {
  /** A standard JSON Schema `format` to advertise as an annotation (values it names are all accepted). */
  readonly format?: string;
  /** What the rule accepts, as a noun phrase (`an email address`), with the decorator's options. */
  describe(constraints: readonly unknown[]): string;
  /** class-validator's pure check with the decorator's options. */
  check(value: unknown, constraints: readonly unknown[]): boolean;
}

interface UrlOptions {
  protocols?: string[];
  require_tld?: boolean;
  require_protocol?: boolean;
  require_host?: boolean;
}

function list(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function describeUrl(options: UrlOptions | undefined): string {
  const protocols = options?.protocols ?? ['http', 'https', 'ftp'];
  const parts = [`protocol ${list(protocols)}${options?.require_protocol ? '' : ' (may be left out)'}`];
  if (options?.require_tld !== false) parts.push('a host name with a top-level domain or an IP address (not localhost)');
  return `a URL: ${parts.join('; ')}`;
}

function ipVersion(constraints: readonly unknown[]): string | undefined {
  const v = constraints[0];
  return v === undefined || v === null ? undefined : String(v);
}

/**
 * The class-validator rules that become a check with class-validator's own function (and their
 * options) instead of an ajv `format`, whose meaning differs (ajv's `uri` accepts
 * `javascript:alert(1)`, which `@IsUrl()` rejects). The advertised schema keeps a standard
 * `format` only as an annotation and says the exact rule in the description.
 */
export const FORMAT_RULES: Readonly<Record<string, FormatRule>> = {
  isEmail: { format: 'email', describe: () => 'an email address', check: (v, c) => cv().isEmail(v, c[0] as Parameters<ClassValidatorModule['isEmail']>[1]) },
  isUrl: { describe: (c) => describeUrl(c[0] as UrlOptions | undefined), check: (v, c) => cv().isURL(v as string, c[0] as Parameters<ClassValidatorModule['isURL']>[1]) },
  isUuid: {
    format: 'uuid',
    describe: (c) => (c[0] !== undefined && c[0] !== null && c[0] !== 'all' ? `a UUID (version ${String(c[0])})` : 'a UUID'),
    check: (v, c) => cv().isUUID(v, c[0] as Parameters<ClassValidatorModule['isUUID']>[1]),
  },
  isDateString: { format: 'date-time', describe: () => 'an ISO 8601 date or date-time', check: (v, c) => cv().isDateString(v, c[0] as Parameters<ClassValidatorModule['isDateString']>[1]) },
  isIso8601: { format: 'date-time', describe: () => 'an ISO 8601 date or date-time', check: (v, c) => cv().isISO8601(v, c[0] as Parameters<ClassValidatorModule['isISO8601']>[1]) },
  isRFC3339: { format: 'date-time', describe: () => 'an RFC 3339 date-time', check: (v) => cv().isRFC3339(v) },
  isIp: {
    describe: (c) => (ipVersion(c) === '4' ? 'an IPv4 address' : ipVersion(c) === '6' ? 'an IPv6 address' : 'an IP address (v4 or v6)'),
    check: (v, c) => cv().isIP(v, ipVersion(c) as Parameters<ClassValidatorModule['isIP']>[1]),
  },
  isFqdn: { format: 'hostname', describe: () => 'a fully qualified domain name', check: (v, c) => cv().isFQDN(v, c[0] as Parameters<ClassValidatorModule['isFQDN']>[1]) },
  isMacAddress: { describe: () => 'a MAC address', check: (v, c) => cv().isMACAddress(v, c[0] as Parameters<ClassValidatorModule['isMACAddress']>[1]) },
  isHexColor: { describe: () => 'a hex color such as #1a2b3c', check: (v) => cv().isHexColor(v) },
};

/** The advertised format of an IP rule (ipv4/ipv6 when the version is fixed). */
export function formatOfRule(record: ConstraintRecord): string | undefined {
  if (record.name === 'isIp') {
    const v = ipVersion(record.constraints ?? []);
    return v === '4' ? 'ipv4' : v === '6' ? 'ipv6' : undefined;
  }
  return record.name ? FORMAT_RULES[record.name]?.format : undefined;
}

/** True for a rule checked by {@link FORMAT_RULES}. */
export function isFormatRule(record: ConstraintRecord): boolean {
  return record.type === 'customValidation' && record.name !== undefined && Object.hasOwn(FORMAT_RULES, record.name);
}
