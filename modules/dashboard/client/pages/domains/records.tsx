import { CopyButton, DataTable } from '../../ui';
import type { DomainItem } from './types';

interface DnsRecord {
  type: 'TXT' | 'CNAME';
  name: string;
  value: string;
  why: string;
}

/** A value to type into a DNS provider's form, with its copy button named after what it is. */
function Copyable({ text, name }: { text: string; name: string }) {
  return (
    <span class="dns-value">
      <code>{text}</code>
      <CopyButton text={text} name={name} />
    </span>
  );
}

/** The two records a domain needs: the TXT proves it is yours, the CNAME sends its visitors here. */
export function DnsRecords({ domain, cnameTarget }: { domain: DomainItem; cnameTarget: string }) {
  const records: DnsRecord[] = [
    { type: 'TXT', name: domain.txt_name, value: domain.txt_record, why: 'proves the domain is yours' },
    { type: 'CNAME', name: domain.domain, value: cnameTarget, why: 'sends its visitors to Linkhop' },
  ];
  return (
    <DataTable
      caption={`DNS records to set for ${domain.domain}`}
      rows={records}
      rowKey={(record) => record.type}
      columns={[
        { label: 'Type', rowHeader: true, cell: (record) => record.type },
        { label: 'Name', cell: (record) => <Copyable text={record.name} name={`${record.type} name for ${domain.domain}`} /> },
        { label: 'Value', cell: (record) => <Copyable text={record.value} name={`${record.type} value for ${domain.domain}`} /> },
        { label: 'Purpose', cell: (record) => record.why },
      ]}
    />
  );
}
